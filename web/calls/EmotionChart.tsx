// Emotion over time for one call: one line per emotion (hand-rolled SVG), with a legend of peaks.
import type { TranscriptEntry } from "../../protocol/call-messages";
import { formatPercent } from "../lib/format";
import { emotionSeries } from "./emotionSeries";

const W = 640;
const H = 220;
const PAD = { left: 44, right: 14, top: 12, bottom: 30 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
/** Lines whose peak stays under this are drawn faint. */
const FAINT_BELOW = 0.3;

function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** `onSelectTime`: a click on a point (seconds since the call started), e.g. to play the recording there. */
export function EmotionChart({ transcript, startTime, onSelectTime }: { transcript: TranscriptEntry[]; startTime: number; onSelectTime?: (t: number) => void }) {
  const { lines, span, samples, callerOnly } = emotionSeries(transcript, startTime);
  if (samples === 0 || lines.length === 0) {
    return <p className="text-sm text-slate-500">No emotion scores were recorded for this call.</p>;
  }
  const x = (t: number) => PAD.left + (t / span) * PLOT_W;
  const y = (v: number) => PAD.top + (1 - v) * PLOT_H;
  const strongest = [...lines].sort((a, b) => b.peak - a.peak);
  const summary = `${callerOnly ? "The caller's emotion" : "Emotion"} over time across ${samples} turns. ${strongest
    .map((l) => `${l.name} peaks at ${formatPercent(l.peak)}`)
    .join(", ")}.`;

  return (
    <figure className="flex flex-col gap-3" data-testid="emotion-chart">
      <div className="overflow-x-auto">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="h-auto w-full min-w-[480px] max-w-3xl overflow-visible">
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke={v === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={1} />
            <text x={PAD.left - 8} y={y(v)} textAnchor="end" dominantBaseline="middle" className="fill-slate-500 text-[12px]">
              {v * 100}%
            </text>
          </g>
        ))}
        {[0, span / 2, span].map((t, i) => (
          <text key={i} x={x(t)} y={H - 8} textAnchor={i === 0 ? "start" : i === 2 ? "end" : "middle"} className="fill-slate-500 text-[12px]">
            {clock(t)}
          </text>
        ))}
        {lines.map((l) => (
          // Emotions that stay faint are drawn faint, so the ones that matter stand out.
          <g key={l.name} data-emotion={l.name} opacity={l.peak >= FAINT_BELOW ? 1 : 0.4}>
            {l.points.length > 1 ? (
              <polyline
                fill="none"
                stroke={l.color}
                strokeWidth={2}
                strokeDasharray={l.dash || undefined}
                strokeLinejoin="round"
                strokeLinecap="round"
                points={l.points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(" ")}
              />
            ) : null}
            {l.points.map((p, i) => (
              <circle
                key={i}
                cx={x(p.t)}
                cy={y(p.v)}
                r={onSelectTime ? 5 : 3}
                fill={l.color}
                data-t={p.t}
                className={onSelectTime ? "cursor-pointer" : undefined}
                onClick={onSelectTime ? () => onSelectTime(p.t) : undefined}
              >
                <title>{`${l.name} ${formatPercent(p.v)} at ${clock(p.t)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      </div>
      <figcaption>
        <p className="mb-1 text-xs text-slate-500">{callerOnly ? "The caller's emotions, turn by turn." : "Emotions, turn by turn."}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {lines.map((l) => (
            <li key={l.name} className="flex items-center gap-1.5">
              <svg width="22" height="8" aria-hidden="true">
                <line x1="1" x2="21" y1="4" y2="4" stroke={l.color} strokeWidth="2.5" strokeDasharray={l.dash || undefined} />
              </svg>
              <span className="font-medium capitalize text-slate-800">{l.name}</span>
              <span className="tabular-nums">peak {formatPercent(l.peak)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

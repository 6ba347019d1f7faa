// The caller's emotion mix over the period: one stacked bar per time bucket (hand-rolled SVG, the names
// and colours of the call emotion plot), a share axis at every 25 % and dates under up to six bars,
// with a text alternative.
import { EMOTIONS } from "../../protocol/call-messages";
import type { EmotionMixBucket } from "../../protocol/insights";
import { formatPercent } from "../lib/format";
import { EMOTION_COLORS, emotionLabel } from "../lib/emotionColors";
import { dominantEmotion, tickIndices } from "./insightsText";

const W = 640;
const H = 200;
const PAD = { left: 44, right: 8, top: 10, bottom: 30 };
const FONT = 13;
const SHARES = [0, 0.25, 0.5, 0.75, 1];

function day(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

export function EmotionMixChart({ buckets }: { buckets: EmotionMixBucket[] }) {
  const top = dominantEmotion(buckets);
  if (!top || buckets.length === 0) return <p className="text-sm text-slate-500">No caller emotions were scored in this period.</p>;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / buckets.length;
  const barW = Math.max(2, slot * 0.75);
  const withCalls = buckets.filter((b) => b.calls > 0).length;
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`Caller emotion mix over ${buckets.length} periods, ${withCalls} with calls. Mostly ${top.name} (${formatPercent(top.share)}).`}>
        {SHARES.map((v) => (
          <g key={v} data-testid="mix-share-tick">
            <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + (1 - v) * plotH} y2={PAD.top + (1 - v) * plotH} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={PAD.top + (1 - v) * plotH + 4} textAnchor="end" fontSize={FONT} fill="#475569">
              {v * 100}%
            </text>
          </g>
        ))}
        {buckets.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let y = PAD.top + plotH;
          return (
            <g key={b.start} data-testid={b.calls > 0 ? "mix-bar" : undefined}>
              <title>{`${day(b.start)}: ${b.calls} calls${b.calls ? ` — ${EMOTIONS.filter((e) => b.mix[e] > 0).map((e) => `${emotionLabel(e)} ${formatPercent(b.mix[e])}`).join(", ")}` : ""}`}</title>
              {b.calls > 0
                ? EMOTIONS.map((e) => {
                    const h = b.mix[e] * plotH;
                    y -= h;
                    return h > 0 ? <rect key={e} x={x} y={y} width={barW} height={h} fill={EMOTION_COLORS[e]} /> : null;
                  })
                : null}
            </g>
          );
        })}
        {tickIndices(buckets.length).map((i, n, all) => {
          const centre = PAD.left + i * slot + slot / 2;
          // The outer labels keep inside the plot: anchored at their edge when one bar fills the width.
          const anchor = all.length > 1 && n === 0 && centre - PAD.left < 40 ? "start" : all.length > 1 && n === all.length - 1 && W - PAD.right - centre < 40 ? "end" : "middle";
          const x = anchor === "start" ? PAD.left : anchor === "end" ? W - PAD.right : centre;
          return (
            <text key={buckets[i]!.start} data-testid="mix-date-tick" x={x} y={H - 8} fontSize={FONT} fill="#475569" textAnchor={anchor}>
              {day(buckets[i]!.start)}
            </text>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-slate-600">
        {EMOTIONS.map((e) => (
          <span key={e} className="inline-flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: EMOTION_COLORS[e] }} aria-hidden />
            {emotionLabel(e)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

// The caller's emotion mix over the period: one stacked bar per time bucket (hand-rolled SVG, the
// colours of the call emotion plot), with a text alternative.
import { EMOTIONS } from "../../protocol/call-messages";
import type { EmotionMixBucket } from "../../protocol/insights";
import { formatPercent } from "../lib/format";
import { EMOTION_COLORS } from "../lib/emotionColors";
import { dominantEmotion } from "./insightsText";

const W = 640;
const H = 180;
const PAD = { left: 36, right: 8, top: 8, bottom: 24 };

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
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + (1 - v) * plotH} y2={PAD.top + (1 - v) * plotH} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={PAD.top + (1 - v) * plotH + 4} textAnchor="end" fontSize="10" fill="#64748b">
              {v * 100}%
            </text>
          </g>
        ))}
        {buckets.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let y = PAD.top + plotH;
          return (
            <g key={b.start} data-testid={b.calls > 0 ? "mix-bar" : undefined}>
              <title>{`${day(b.start)}: ${b.calls} calls${b.calls ? ` — ${EMOTIONS.filter((e) => b.mix[e] > 0).map((e) => `${e} ${formatPercent(b.mix[e])}`).join(", ")}` : ""}`}</title>
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
        <text x={PAD.left} y={H - 6} fontSize="10" fill="#64748b">
          {day(buckets[0]!.start)}
        </text>
        <text x={W - PAD.right} y={H - 6} fontSize="10" fill="#64748b" textAnchor="end">
          {day(buckets[buckets.length - 1]!.start)}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-slate-600">
        {EMOTIONS.map((e) => (
          <span key={e} className="inline-flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: EMOTION_COLORS[e] }} aria-hidden />
            {e}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

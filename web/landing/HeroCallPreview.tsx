// The hero's illustration: what a live call looks like on the dashboard (static, decorative).
import { Badge } from "../ui";

const LINES: { speaker: "caller" | "assistant"; text: string; emotion?: string }[] = [
  { speaker: "caller", text: "I've got a big presentation tomorrow and I can't stop going over it.", emotion: "Fear 71.4%" },
  { speaker: "assistant", text: "That sounds stressful. Want to walk through the opening together? Saying it out loud often helps." },
  { speaker: "caller", text: "Yes, that would actually help a lot.", emotion: "Calm 58.2%" },
];

export function HeroCallPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-0 rounded-3xl bg-gradient-to-br from-indigo-200/40 to-violet-200/40 blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-900/5">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-3">
            <div className="flex size-10 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">S</div>
            <div>
              <p className="text-sm font-semibold text-slate-900">Sage · Calm coach</p>
              <p className="text-xs text-slate-500">Incoming call · 02:14</p>
            </div>
          </div>
          <Badge tone="live">Live</Badge>
        </div>
        <div className="mt-4 flex h-10 items-center justify-center gap-1">
          {[3, 6, 9, 5, 8, 10, 6, 4, 7, 9, 5, 3, 6, 8, 4].map((h, i) => (
            <span key={i} className="w-1.5 rounded-full bg-gradient-to-t from-indigo-500 to-violet-400" style={{ height: `${h * 3.5}px` }} />
          ))}
        </div>
        <ul className="mt-4 space-y-3">
          {LINES.map((l, i) => (
            <li key={i} className={l.speaker === "caller" ? "flex flex-col items-start" : "flex flex-col items-end"}>
              <p
                className={
                  l.speaker === "caller"
                    ? "max-w-[85%] rounded-2xl rounded-bl-md bg-slate-100 px-3.5 py-2 text-sm text-slate-800"
                    : "max-w-[85%] rounded-2xl rounded-br-md bg-indigo-600 px-3.5 py-2 text-sm text-white"
                }
              >
                {l.text}
              </p>
              {l.emotion ? <span className="mt-1 text-[11px] font-medium text-slate-500">{l.emotion}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

import { cx } from "./cx";

/** The Echo mark (sound waves in a rounded square) and word mark. */
export function Logo({ className, withText = true, tone = "dark" }: { className?: string; withText?: boolean; tone?: "dark" | "light" }) {
  return (
    <span className={cx("inline-flex items-center gap-2", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm shadow-indigo-600/30">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true" className="size-5">
          <path d="M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4" />
        </svg>
      </span>
      {withText ? (
        <span className={cx("text-lg font-semibold tracking-tight", tone === "dark" ? "text-slate-900" : "text-white")}>Echo</span>
      ) : (
        <span className="sr-only">Echo</span>
      )}
    </span>
  );
}

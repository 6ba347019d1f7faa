import { cx } from "./cx";

const SIZES = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

/** An indeterminate progress indicator. `label` is read by screen readers (omit inside a labelled button). */
export function Spinner({ size = "md", label, className }: { size?: keyof typeof SIZES; label?: string; className?: string }) {
  return (
    <span role={label ? "status" : undefined} className={cx("inline-flex items-center", className)}>
      <svg className={cx("animate-spin", SIZES[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

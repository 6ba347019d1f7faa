import type { ReactNode } from "react";
import { cx } from "./cx";
import { CloseIcon } from "./CloseIcon";

export type AlertTone = "error" | "info" | "success" | "warning";

const TONES: Record<AlertTone, { box: string; icon: string; path: string }> = {
  error: {
    box: "bg-rose-50 text-rose-800 ring-rose-200",
    icon: "text-rose-500",
    path: "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z",
  },
  warning: {
    box: "bg-amber-50 text-amber-900 ring-amber-200",
    icon: "text-amber-500",
    path: "M8.49 2.87c.66-1.16 2.36-1.16 3.02 0l6.28 11.03c.65 1.15-.18 2.6-1.51 2.6H3.72c-1.33 0-2.16-1.45-1.5-2.6L8.48 2.87ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  },
  info: {
    box: "bg-indigo-50 text-indigo-900 ring-indigo-200",
    icon: "text-indigo-500",
    path: "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v2.75a.75.75 0 0 0 1.5 0V9.75A.75.75 0 0 0 10 9H9Z",
  },
  success: {
    box: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    icon: "text-emerald-500",
    path: "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.81a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.1l3.73-5.23Z",
  },
};

/**
 * An inline message. Errors use role="alert" (announced at once); the others role="status".
 * Pass onDismiss to show a close button.
 */
export function Alert({
  tone = "error",
  title,
  children,
  onDismiss,
  action,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  action?: ReactNode;
  className?: string;
}) {
  const t = TONES[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cx("flex gap-3 rounded-xl p-3.5 text-sm ring-1 ring-inset", t.box, className)}>
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cx("mt-0.5 size-5 shrink-0", t.icon)}>
        <path fillRule="evenodd" clipRule="evenodd" d={t.path} />
      </svg>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-0.5" : undefined}>{children}</div> : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 h-7 w-7 shrink-0 rounded-lg p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

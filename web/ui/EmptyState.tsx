import type { ReactNode } from "react";
import { cx } from "./cx";

/** A friendly placeholder for an empty list: icon, title, one line of help and an optional action. */
export function EmptyState({ icon, title, children, action, className }: { icon?: ReactNode; title: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cx("flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50/50 px-6 py-10 text-center", className)}>
      {icon ? <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 [&_svg]:size-6">{icon}</div> : null}
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

/** A white rounded-xl surface. */
export function Card({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...rest}>
      {children}
    </div>
  );
}

/** Card title row with optional description and actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  headingLevel = 2,
  id,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  id?: string;
  className?: string;
}) {
  const H = `h${headingLevel}` as const;
  return (
    <div className={cx("flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4", className)}>
      <div className="min-w-0">
        <H id={id} className="text-base font-semibold text-slate-900">
          {title}
        </H>
        {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx("px-5 py-4", className)} {...rest}>
      {children}
    </div>
  );
}

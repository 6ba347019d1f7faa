// What a panel shows while its data loads and when loading failed (with a way to try again).
import type { ReactNode } from "react";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { cx } from "./cx";
import { Spinner } from "./Spinner";

/** A large centred spinner; `label` is what screen readers hear. */
export function LoadingBlock({ label, className = "py-12" }: { label: string; className?: string }) {
  return (
    <div className={cx("flex justify-center text-indigo-600", className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** An error alert with a "Try again" button. */
export function RetryAlert({ title, onRetry, children }: { title?: ReactNode; onRetry: () => void; children?: ReactNode }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

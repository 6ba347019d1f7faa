import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from "react";
import { cx } from "./cx";

/** Props a Field hands its control so label, hint and error are wired for screen readers. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Error text under the control (marks the control aria-invalid). */
  error?: ReactNode;
  /** Optional fixed id for the control; otherwise generated. */
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A label + control + hint/error block. Use TextInput/TextArea/Select unless you need a custom control. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id: controlId, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Classes for text-like controls (input, textarea, select). */
export function controlClasses(invalid: boolean, className?: string): string {
  return cx(
    "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
    "focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:bg-slate-50 disabled:text-slate-500 disabled:cursor-not-allowed",
    invalid ? "border-rose-400 focus:border-rose-500" : "border-slate-300 focus:border-indigo-500",
    className,
  );
}

type Common = Omit<FieldProps, "children"> & { fieldClassName?: string };

export interface TextInputProps extends Common, Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ label, hint, error, id, fieldClassName, className, ...input }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={fieldClassName}>
      {(control) => <input {...input} {...control} className={controlClasses(Boolean(error), cx("h-10", className))} />}
    </Field>
  );
}

export interface TextAreaProps extends Common, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, hint, error, id, fieldClassName, className, rows = 4, ...area }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={fieldClassName}>
      {(control) => <textarea rows={rows} {...area} {...control} className={controlClasses(Boolean(error), cx("py-2 leading-relaxed", className))} />}
    </Field>
  );
}

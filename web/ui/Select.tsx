import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { Field, type FieldProps, controlClasses } from "./Field";
import { cx } from "./cx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<FieldProps, "children">, Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  /** Options to render; or pass <option> children instead. */
  options?: readonly SelectOption[];
  /** A first, empty-valued option such as "Select an Echo…". */
  placeholder?: string;
  fieldClassName?: string;
  children?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native <select> (keyboard and screen-reader friendly on every platform). */
export function Select({ label, hint, error, id, fieldClassName, className, options, placeholder, children, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={fieldClassName}>
      {(control) => (
        <div className="relative">
          <select {...select} {...control} className={controlClasses(Boolean(error), cx("h-10 appearance-none pr-9", className))}>
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options?.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
            {children}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          >
            <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
          </svg>
        </div>
      )}
    </Field>
  );
}

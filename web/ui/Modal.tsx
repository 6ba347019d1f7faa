import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { cx } from "./cx";
import { CloseIcon } from "./CloseIcon";
import { usePanelHidden } from "./Tabs";

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

export interface ModalProps {
  open: boolean;
  /** Called on Esc, the close button, or a click on the backdrop (unless dismissible is false). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action row at the bottom (buttons). */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /** false: Esc and backdrop clicks do nothing (e.g. while saving). */
  dismissible?: boolean;
  /**
   * false: a modal holding what the person typed (a form) only steps aside while its tab is hidden and
   * shows again, draft and all, with it (Back, then Forward); others close (true, the default).
   */
  closeWhenHidden?: boolean;
  className?: string;
}

/**
 * An accessible modal dialog on the native <dialog> element opened with showModal(): the rest of the
 * page is inert (focus stays inside), Esc closes, it is labelled by its title (and described by
 * `description`), focus moves into it (the first [autofocus] element, else the first focusable one)
 * and returns to the element that opened it.
 *
 * Inside a tab panel that gets hidden (another tab selected, e.g. with the browser's Back button) it
 * closes: a modal dialog in a hidden panel would keep the whole page inert. It calls onClose (when
 * dismissible and closeWhenHidden; otherwise it only steps aside, and shows again with its tab).
 */
export function Modal({ open, onClose, title, description, children, footer, size = "md", dismissible = true, closeWhenHidden = true, className }: ModalProps) {
  const panelHidden = usePanelHidden();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (open && panelHidden && dismissible && closeWhenHidden) onCloseRef.current();
  }, [open, panelHidden, dismissible, closeWhenHidden]);
  if (!open || panelHidden) return null;
  return (
    <OpenModal onClose={onClose} title={title} description={description} footer={footer} size={size} dismissible={dismissible} className={className}>
      {children}
    </OpenModal>
  );
}

function OpenModal({ onClose, title, description, children, footer, size = "md", dismissible = true, className }: Omit<ModalProps, "open">) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const descId = description ? `${id}-desc` : undefined;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>("[autofocus]") ?? dialog.querySelector<HTMLElement>("[data-modal-body] :is(input,select,textarea,button,a[href],[tabindex]:not([tabindex='-1'])):not(:disabled)");
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault(); // the parent owns `open`
      if (dismissible) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [dismissible]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descId}
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onClose();
      }}
      className={cx(
        "m-auto w-[calc(100%-1.5rem)] max-h-[calc(100dvh-1.5rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10",
        "backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]",
        SIZES[size],
        className,
      )}
    >
      <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={!dismissible}
            aria-label="Close"
            className="-mr-2 -mt-1 rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
          >
            <CloseIcon />
          </button>
        </div>
        <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6">{footer}</div>
        ) : null}
      </div>
    </dialog>
  );
}

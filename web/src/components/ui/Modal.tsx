import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import { XIcon } from './icons';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape closes it, and
 * focus returns to what had it before (the dialog is removed, not just closed, so the browser would not).
 * Render it only while open.
 */
export function Modal({ title, onClose, children, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first focusable element, the header's Close; a form starts at its first field.
      dialog.querySelector<HTMLElement>('[data-modal-body] :is(input, select, textarea):not([disabled])')?.focus();
    }
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={cx(
        'm-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-900/5',
        size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
      )}
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => onClose()}
          aria-label="Close"
          className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <XIcon className="h-5 w-5" />
        </button>
      </div>
      <div data-modal-body className="max-h-[calc(100dvh-10rem)] overflow-y-auto px-6 py-5">{children}</div>
    </dialog>
  );
}

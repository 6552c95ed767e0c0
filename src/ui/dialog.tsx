/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped by the browser,
 * Escape closes, and focus returns to whatever opened it. Rendered into <body>.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'sheet' slides from the bottom like a mobile action sheet. */
  variant?: 'center' | 'sheet';
}

export function Dialog({ open, onClose, title, children, variant = 'sheet' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const { t } = useLingui();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // The field the dialog exists for takes focus (React's autoFocus fires before showModal, too early).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
      onClose();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, [onClose]);

  // Portalled to <body>: a dialog holding a form must never end up nested in the page's own form.
  return createPortal(
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) ref.current?.close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
    >
      <div className="dialog__content">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={() => ref.current?.close()} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </header>
        {open && children}
      </div>
    </dialog>,
    document.body,
  );
}

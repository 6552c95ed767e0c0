import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  /** A centred question (remove, log out), or a bottom sheet for reviewing money about to move. */
  variant?: 'center' | 'sheet';
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone (remove, log out, send). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  pending,
  variant = 'center',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={title} variant={variant}>
      <div className="stack">
        {children}
        <div className="row">
          <button type="button" className="button button--secondary spacer" onClick={onClose} disabled={pending}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className={`button spacer ${danger ? 'button--danger' : ''}`}
            onClick={onConfirm}
            disabled={pending}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

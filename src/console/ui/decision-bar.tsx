/**
 * Approve, or reject with the reason the user reads: the decision row of a participation and of a
 * held withdrawal. Rejecting needs a reason.
 */
import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';

export function DecisionBar({
  busy,
  canApprove = true,
  canReject = true,
  rejectLabel,
  onApprove,
  onReject,
}: {
  busy: boolean;
  canApprove?: boolean;
  canReject?: boolean;
  rejectLabel: ReactNode;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onReject(reason.trim());
  };
  return (
    <div className="row bottom">
      <button type="button" className="btn primary" disabled={busy || !canApprove} onClick={onApprove}>
        <Trans>Approve</Trans>
      </button>
      <form className="row bottom grow" onSubmit={reject}>
        <label className="field grow">
          <span>
            <Trans>Reason the user reads</Trans>
          </span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </label>
        <button type="submit" className="btn danger" disabled={busy || !canReject || !reason.trim()}>
          {rejectLabel}
        </button>
      </form>
    </div>
  );
}

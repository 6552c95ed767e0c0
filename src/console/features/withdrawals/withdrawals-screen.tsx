/** Withdrawals held for a decision (above the approval amount) or for the hot wallet's float. */
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../ui/error-alert';
import { heldWithdrawalsQueryOptions } from './api';
import { HeldWithdrawal } from './held-withdrawal';

export function WithdrawalsScreen() {
  const held = useQuery(heldWithdrawalsQueryOptions());
  return (
    <section className="stack">
      <h1>
        <Trans>Withdrawals waiting for a decision</Trans>
      </h1>
      {held.isPending && <div className="card skeleton review-skeleton" aria-hidden="true" />}
      <ErrorAlert error={held.error} />
      {held.data?.length === 0 && (
        <p className="note">
          <Trans>No withdrawal is held.</Trans>
        </p>
      )}
      {held.data?.map((w) => (
        <HeldWithdrawal key={w.record} withdrawal={w} />
      ))}
    </section>
  );
}

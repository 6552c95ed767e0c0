/**
 * One held withdrawal as a finance operator weighs it: amount, destination, the user's history
 * with that address, the screening result, and who approved it already. Above the approval amount
 * two different finance operators must approve; this operator's own second approval is not offered.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { meQueryOptions } from '../../session/operator';
import { DecisionBar } from '../../ui/decision-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { type HeldWithdrawal as Held, useWithdrawalDecision } from './api';

export function HeldWithdrawal({ withdrawal: w }: { withdrawal: Held }) {
  const { t, i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const decision = useWithdrawalDecision();
  const headingId = useId();
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const approvedAlready = w.approvedBy.some((a) => a.email === me.email);
  const approvals = w.approvedBy.length;
  const needed = w.approvalsNeeded;
  const times = w.paidToAddressBefore.times;
  const last = w.paidToAddressBefore.last ? when(w.paidToAddressBefore.last) : '';

  return (
    <article className="card stack" aria-labelledby={headingId}>
      <div className="row spread">
        <h2 id={headingId}>
          <Trans>
            Withdrawal #{w.record} · {w.amount} on {w.network}
          </Trans>
        </h2>
        {w.reason === 'above_approval_amount' ? (
          <span className="badge warn">
            <Trans>Above the approval amount</Trans>
          </span>
        ) : (
          <span className="badge">
            <Trans>Waits for the hot wallet's float</Trans>
          </span>
        )}
      </div>
      <dl className="facts">
        <dt>
          <Trans>User</Trans>
        </dt>
        <dd>
          <span className="mono">{w.account}</span> (#{w.user})
        </dd>
        <dt>
          <Trans>To</Trans>
        </dt>
        <dd className="mono">{w.to}</dd>
        <dt>
          <Trans>History with this address</Trans>
        </dt>
        <dd>
          {times === 0 ? (
            <span className="badge warn">
              <Trans>Never paid to this address before</Trans>
            </span>
          ) : (
            <Plural value={times} one={`Paid once before, last on ${last}`} other={`Paid # times before, last on ${last}`} />
          )}
        </dd>
        <dt>
          <Trans>Screening</Trans>
        </dt>
        <dd>
          {w.screening.blocked ? (
            <span className="badge bad">
              <Trans>On the blocklist: {w.screening.reason}</Trans>
            </span>
          ) : (
            <span className="badge good">
              <Trans>Not on the blocklist</Trans>
            </span>
          )}
        </dd>
        <dt>
          <Trans>Approvals</Trans>
        </dt>
        <dd>
          <Trans>
            {approvals} of {needed}
          </Trans>
          {w.approvedBy.map((a) => (
            <div key={a.email} className="muted">
              <Trans>
                {a.email} on {when(a.at)}
              </Trans>
            </div>
          ))}
        </dd>
        <dt>
          <Trans>Held since</Trans>
        </dt>
        <dd>{when(w.since)}</dd>
      </dl>
      <ErrorAlert error={decision.error} />
      {approvedAlready && (
        <p className="note">
          <Trans>You approved this withdrawal. It waits for another finance operator.</Trans>
        </p>
      )}
      <DecisionBar
        busy={decision.isPending}
        canApprove={!approvedAlready && !w.approved}
        canReject={!w.approved}
        rejectLabel={<Trans>Reject and refund</Trans>}
        onApprove={() => decision.mutate({ record: w.record, reason: null })}
        onReject={(reason) => decision.mutate({ record: w.record, reason })}
      />
      {w.approved && <p className="muted">{t`Approved: it is paid as soon as the hot wallet holds enough.`}</p>}
    </article>
  );
}

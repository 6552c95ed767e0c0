/** Per withdrawal channel, the amount above which two finance operators must approve. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../ui/error-alert';
import { serviceQueryOptions, setApprovalLimit, useServiceAction } from './api';

export function ApprovalLimitsSection() {
  const { t } = useLingui();
  const settings = useQuery(serviceQueryOptions());
  const save = useServiceAction(setApprovalLimit);
  const submit = (channel: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = String(new FormData(event.currentTarget).get('amount') ?? '').trim();
    save.mutate({ channel, amount: amount === '' ? 'off' : amount });
  };
  return (
    <section className="card stack" aria-labelledby="limits-heading">
      <h2 id="limits-heading">
        <Trans>Four-eyes approval amounts</Trans>
      </h2>
      <p className="muted">
        <Trans>A withdrawal above its channel's amount is paid only after two finance operators approve it. Empty: none.</Trans>
      </p>
      <ErrorAlert error={save.error} />
      {settings.data?.approvalLimits.map((c) => (
        <form
          key={`${c.channel}:${c.approvalAbove}`}
          className="row bottom"
          onSubmit={submit(c.channel)}
          aria-label={`${c.currency} · ${c.network}`}
        >
          <label className="field grow">
            <span>
              {c.currency} · {c.network}
            </span>
            <input name="amount" defaultValue={c.approvalAbove ?? ''} inputMode="decimal" placeholder={t`no approval needed`} />
          </label>
          <button className="btn" type="submit" disabled={save.isPending}>
            <Trans>Save</Trans>
          </button>
        </form>
      ))}
    </section>
  );
}

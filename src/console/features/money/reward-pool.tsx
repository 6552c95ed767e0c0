/** The reward pool: what it and the treasury hold, funding it, distributing a period now, the history. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../ui/error-alert';
import { Table } from '../../ui/table';
import { distributeNow, fundPool, rewardPoolQueryOptions, useMoneyAction } from './api';

export function RewardPoolSection() {
  const { t, i18n } = useLingui();
  const pool = useQuery(rewardPoolQueryOptions());
  const fund = useMoneyAction(fundPool);
  const distribute = useMoneyAction(distributeNow);
  const [amount, setAmount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fund.mutate(amount.trim(), { onSuccess: () => setAmount('') });
  };
  const failure = fund.error ?? distribute.error ?? pool.error;
  const p = pool.data;
  // A ratio for display only, never an amount.
  const share = p ? i18n.number(Number(p.releaseRatio), { style: 'percent', maximumFractionDigits: 2 }) : '';
  return (
    <section className="card stack" aria-labelledby="pool-heading">
      <h2 id="pool-heading">
        <Trans>Reward pool</Trans>
      </h2>
      <ErrorAlert error={failure} />
      {pool.isPending && <div className="skeleton review-skeleton" aria-hidden="true" />}
      {p && (
        <>
          <dl className="facts">
            <dt>
              <Trans>Pool</Trans>
            </dt>
            <dd className="mono">
              {p.pool} {p.currency}
            </dd>
            <dt>
              <Trans>Treasury</Trans>
            </dt>
            <dd className="mono">
              {p.treasury} {p.currency}
            </dd>
            <dt>
              <Trans>Each period pays</Trans>
            </dt>
            <dd>
              <Trans>{share} of the pool, shared by holders</Trans>
            </dd>
          </dl>
          <div className="row bottom">
            <form className="row bottom" onSubmit={submit}>
              <label className="field">
                <span>
                  <Trans>Move from the treasury ({p.currency})</Trans>
                </span>
                <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required />
              </label>
              <button className="btn" type="submit" disabled={fund.isPending}>
                <Trans>Fund the pool</Trans>
              </button>
            </form>
            <button
              className="btn primary"
              type="button"
              disabled={distribute.isPending || p.distributing}
              onClick={() => distribute.mutate(undefined)}
            >
              {p.distributing ? t`Distributing…` : t`Distribute this period now`}
            </button>
          </div>
          <Table head={[t`Period`, t`Shared`, t`Paid`, t`Finished`]}>
            {p.history.map((d) => (
              <tr key={d.id}>
                <td>{i18n.date(d.periodStart, { dateStyle: 'medium' })}</td>
                <td className="mono">{d.total}</td>
                <td className="mono">{d.paid}</td>
                <td>{d.paidOutAt ? i18n.date(d.paidOutAt, { dateStyle: 'short', timeStyle: 'short' }) : t`under way`}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

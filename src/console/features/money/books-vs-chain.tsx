/**
 * The hot wallet's float and the books against the chain: the latest reconciliation per currency
 * (what transactions on their way explain, and what nothing explains), run again on demand; and
 * the deposit addresses whose sweep failed and is held until released.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../ui/error-alert';
import { Table } from '../../ui/table';
import { custodyQueryOptions, reconcile, releaseSweep, useMoneyAction } from './api';

export function BooksVsChain() {
  const { t, i18n } = useLingui();
  const custody = useQuery(custodyQueryOptions());
  const run = useMoneyAction(reconcile);
  const release = useMoneyAction(releaseSweep);
  const last = custody.data?.lastReconciliation;
  const failure = run.error ?? release.error ?? custody.error;
  return (
    <section className="card stack" aria-labelledby="books-heading">
      <div className="row spread">
        <h2 id="books-heading">
          <Trans>The books against the chain</Trans>
        </h2>
        <div className="row">
          <button className="btn" type="button" disabled={run.isPending} onClick={() => run.mutate(false)}>
            <Trans>Reconcile now</Trans>
          </button>
          <button className="btn" type="button" disabled={run.isPending} onClick={() => run.mutate(true)}>
            <Trans>Re-read every address</Trans>
          </button>
        </div>
      </div>
      <ErrorAlert error={failure} />
      {custody.isPending && <div className="skeleton review-skeleton" aria-hidden="true" />}
      {custody.data && !last && (
        <p className="note">
          <Trans>No reconciliation has run yet.</Trans>
        </p>
      )}
      {last && (
        <>
          <p className={last.balanced ? 'badge good' : 'badge bad'}>
            {last.balanced ? t`Balanced` : t`A difference nothing explains`}
          </p>
          <p className="muted">
            <Trans>
              Run {i18n.date(last.at, { dateStyle: 'medium', timeStyle: 'short' })}, {last.addressesRead} addresses read
            </Trans>
          </p>
          <Table head={[t`Currency`, t`Books`, t`Chain`, t`On its way`, t`Unexplained`]}>
            {last.currencies.map((c) => (
              <tr key={c.currency}>
                <td>{c.currency}</td>
                <td className="mono">{c.books}</td>
                <td className="mono">{c.chain}</td>
                <td className="mono">{c.inFlight}</td>
                <td className="mono">{c.unexplained}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
      <h2>
        <Trans>Sweeps held</Trans>
      </h2>
      {custody.data?.sweepHolds.length === 0 && (
        <p className="muted">
          <Trans>No sweep is held.</Trans>
        </p>
      )}
      {custody.data?.sweepHolds.map((h) => (
        <div key={h.address} className="row spread">
          <span>
            <span className="mono">{h.address}</span> · {h.reason}
          </span>
          <button className="btn" type="button" disabled={release.isPending} onClick={() => release.mutate(h.address)}>
            <Trans>Sweep it again</Trans>
          </button>
        </div>
      ))}
    </section>
  );
}

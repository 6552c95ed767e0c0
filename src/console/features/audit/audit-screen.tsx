/**
 * The audit log (admin): every sign-in and console action, newest first, filtered by action or
 * target; its hash chain verified on demand; the filtered rows exported as CSV.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../ui/error-alert';
import { Table } from '../../ui/table';
import { type AuditFilter, auditQueryOptions, auditVerifyQueryOptions, downloadAuditCsv } from './api';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function AuditScreen() {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<AuditFilter>({});
  const rows = useInfiniteQuery(auditQueryOptions(filter));
  const verify = useQuery(auditVerifyQueryOptions());
  const [exportError, setExportError] = useState(false);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilter({ action: value('action'), target: value('target') });
  };
  const exportCsv = () => {
    setExportError(false);
    downloadAuditCsv(filter).catch(() => setExportError(true));
  };

  return (
    <section className="stack">
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <form className="row bottom" onSubmit={apply}>
        <label className="field">
          <span>
            <Trans>Action</Trans>
          </span>
          <input name="action" placeholder="withdrawal.approve" />
        </label>
        <label className="field">
          <span>
            <Trans>Target</Trans>
          </span>
          <input name="target" placeholder="withdrawal:17" />
        </label>
        <button className="btn" type="submit">
          <Trans>Search</Trans>
        </button>
        <button className="btn" type="button" onClick={exportCsv}>
          <Trans>Export CSV</Trans>
        </button>
        <button className="btn" type="button" onClick={() => void verify.refetch()} disabled={verify.isFetching}>
          <Trans>Verify the chain</Trans>
        </button>
      </form>
      {exportError && (
        <p className="alert" role="alert">
          <Trans>The export failed. Try again.</Trans>
        </p>
      )}
      {verify.data && (
        <p className={verify.data.brokenAt ? 'alert' : 'note'} role="status">
          {verify.data.brokenAt
            ? t`The chain breaks at row ${verify.data.brokenAt}: that row was changed, removed or added outside the console.`
            : t`All ${verify.data.rows} rows match their hashes.`}
        </p>
      )}
      <ErrorAlert error={rows.error} />
      <Table head={[t`When`, t`Who`, t`Action`, t`Target`, t`From`, t`Before → after`]}>
        {rows.data?.pages.flat().map((r) => (
          <tr key={r.id}>
            <td>{i18n.date(r.at, { dateStyle: 'short', timeStyle: 'medium' })}</td>
            <td>{r.operatorEmail ?? t`command line`}</td>
            <td className="mono nowrap">{r.action}</td>
            <td className="mono nowrap">{r.target}</td>
            <td className="mono nowrap">{r.ip}</td>
            <td className="mono">
              {json(r.before)} → {json(r.after)}
            </td>
          </tr>
        ))}
      </Table>
      {rows.isPending && <div className="skeleton review-skeleton" aria-hidden="true" />}
      {rows.hasNextPage && (
        <button className="btn" type="button" onClick={() => void rows.fetchNextPage()} disabled={rows.isFetchingNextPage}>
          <Trans>Older entries</Trans>
        </button>
      )}
    </section>
  );
}

/**
 * Records (SPEC §2): tabs All, Incoming, Outgoing, Failed; a virtualised paged list with
 * pull-to-refresh and an end message. Dust is collapsed behind a toggle. Works from the persisted
 * cache offline, with an "offline · updated" mark. A search asks the server; offline it looks through
 * the records saved on the phone. The export writes a range of records to a CSV file.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { recordsInfiniteQueryOptions } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { RecordTab } from '../../contract/money';
import { refreshNow, useOnline } from '../../session/online';
import { InfiniteList } from '../../ui/infinite-list';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SkeletonRows } from '../../ui/skeleton';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { UpdatedMark } from '../../ui/updated-mark';
import { DustThresholdDialog } from './dust-threshold-dialog';
import { ExportRecordsDialog } from './export-records-dialog';
import { splitDust } from './model/dust';
import { matchesRecordSearch } from './model/record-search';
import { RecordRow } from './record-row';
import { RecordSearchField } from './record-search-field';
import { useDustRules } from './use-dust';
import './records.css';

export function RecordsScreen() {
  const { t } = useLingui();
  const online = useOnline();
  const navigate = useNavigate();
  const tab: RecordTab = useSearch({ from: '/pages/record/index', select: (s) => s.tab ?? 'all' });
  const queryClient = useQueryClient();
  const search = useSearch({ from: '/pages/record/index', select: (s) => s.q ?? '' });
  const setSearch = useCallback(
    (q: string) =>
      void navigate({ to: '/pages/record/index', search: (prev) => ({ ...prev, q: q || undefined }), replace: true }),
    [navigate],
  );
  const searchingOffline = search !== '' && !online;
  const query = useInfiniteQuery(recordsInfiniteQueryOptions({ tab, q: searchingOffline ? undefined : search || undefined }));
  const { threshold, prices } = useDustRules();
  const [showDust, setShowDust] = useState(false);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const loaded = query.data?.pages.flatMap((p) => p.list) ?? [];
  const records = searchingOffline ? loaded.filter((r) => matchesRecordSearch(r, search)) : loaded;
  const { dust, visible } = splitDust(records, prices, threshold);
  // A search shows what it found, small transfers included: it may be one of them that is sought.
  const items = visible(showDust || search !== '');
  const dustCount = dust.size;
  const tabs = [
    { value: 'all' as const, label: t`All` },
    { value: 'in' as const, label: t`Incoming` },
    { value: 'out' as const, label: t`Outgoing` },
    { value: 'failed' as const, label: t`Failed` },
  ];
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.records.lists });

  return (
    <Page
      title={t`Records`}
      actions={
        <button type="button" className="icon-button" onClick={() => setEditing(true)} aria-label={t`Small transfer filter`}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
        </button>
      }
    >
      <Tabs
        label={t`Record type`}
        tabs={tabs}
        value={tab}
        idPrefix="records"
        onChange={(next) =>
          void navigate({ to: '/pages/record/index', search: (prev) => ({ ...prev, tab: next }), replace: true })
        }
      />
      <div {...tabPanelProps('records', tab)} className="records-panel">
        <div className="records-toolbar">
          <RecordSearchField search={search} onSearch={setSearch} />
          <button type="button" className="button button--secondary" onClick={() => setExporting(true)}>
            <Trans>Export</Trans>
          </button>
        </div>
        {searchingOffline && (
          <p className="muted" role="status">
            <Trans>Offline: searching the records saved on this phone.</Trans>
          </p>
        )}
        <UpdatedMark updatedAt={query.dataUpdatedAt} show={!online} />
        {/* Pull-to-refresh needs touch: keyboard users reach the same action here. */}
        <button type="button" className="link-button focus-reveal" onClick={() => void refreshNow(refresh)}>
          {online ? t`Refresh` : t`Try again`}
        </button>
        <PullToRefresh onRefresh={() => refreshNow(refresh)}>
          {dust.size > 0 && search === '' && (
            <button type="button" className="dust-toggle" aria-expanded={showDust} onClick={() => setShowDust((v) => !v)}>
              {showDust
                ? t`Hide small incoming transfers`
                : plural(dustCount, {
                    one: '# small incoming transfer hidden',
                    other: '# small incoming transfers hidden',
                  })}
            </button>
          )}
          {query.data ? (
            <InfiniteList
              items={items}
              getKey={(r) => r.id}
              renderItem={(r) => <RecordRow record={r} dust={dust.has(r.id)} />}
              estimateSize={76}
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              label={t`Records`}
              empty={
                <p className="empty-state">
                  {search ? <Trans>No records match this search.</Trans> : <Trans>No records yet.</Trans>}
                </p>
              }
            />
          ) : !online ? (
            <p className="empty-state" role="status" data-testid="not-saved-offline">
              <Trans>These records were not saved for offline use. They load when you are back online.</Trans>
            </p>
          ) : query.isError ? (
            <div className="empty-state stack">
              <p>
                <Trans>Records could not be loaded.</Trans>
              </p>
              <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : (
            <SkeletonRows rows={6} height={68} />
          )}
        </PullToRefresh>
      </div>
      {editing && <DustThresholdDialog open onClose={() => setEditing(false)} current={threshold} />}
      {exporting && <ExportRecordsDialog onClose={() => setExporting(false)} />}
    </Page>
  );
}

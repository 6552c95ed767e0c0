import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditRow } from '../../../contract/console';
import { consoleApi, consoleFetch } from '../../api/client';

export interface AuditFilter {
  action?: string;
  target?: string;
}

const PAGE = 50;
const searchOf = (filter: AuditFilter, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (filter.action) params.set('action', filter.action);
  if (filter.target) params.set('target', filter.target);
  return params.toString();
};

/** Newest first, a page of 50 at a time (keyset on the id). */
export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'rows', filter],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      consoleApi<AuditRow[]>(
        `/audit?${searchOf(filter, { limit: String(PAGE), ...(pageParam ? { beforeId: pageParam } : {}) })}`,
      ),
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
  });

export const auditVerifyQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'verify'],
    queryFn: () => consoleApi<{ rows: number; brokenAt: string | null }>('/audit/verify'),
    enabled: false,
  });

/** The filtered log as a CSV file the browser saves (the export itself is audited). */
export async function downloadAuditCsv(filter: AuditFilter) {
  const res = await consoleFetch(`/audit/export?${searchOf(filter)}`);
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from '../../api/client';

/** How many wait for this operator, per queue their role may open (null: not theirs). */
export interface Waiting {
  participations: number | null;
  withdrawals: number | null;
  /** Finance: whether the latest reconciliation balanced (null: none yet), and sweeps held. */
  custody: { balanced: boolean | null; reconciledAt: string | null; sweepHolds: number } | null;
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['overview'], queryFn: () => consoleApi<Waiting>('/overview'), refetchInterval: 30_000 });

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueuedParticipation } from '../../../contract/console';
import { consoleApi } from '../../api/client';

export const reviewQueueQueryOptions = () =>
  queryOptions({ queryKey: ['participations', 'queue'], queryFn: () => consoleApi<QueuedParticipation[]>('/participations') });

/** Approves, or rejects with the reason the user reads; the queue and the counts are read again. */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? consoleApi<{ id: number; status: string }>(`/participations/${id}/approve`, { method: 'POST' })
        : consoleApi<{ id: number; status: string }>(`/participations/${id}/reject`, { method: 'POST', body: { reason } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['participations'] }),
        queryClient.invalidateQueries({ queryKey: ['overview'] }),
      ]),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../api/client';

export interface QueuedParticipation {
  id: number;
  activityId: number;
  activityTitle: string;
  partnerName: string;
  userId: number;
  partnerUid: string;
  images: Array<{ id: string; mime: string; sha256: string | null }>;
  submittedAt: string;
  earlier: Array<{ id: number; userId: number; activityId: number; status: string; same: Array<'partner-uid' | 'image'> }>;
}

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

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoundUser } from '../../../contract/console';
import { consoleApi } from '../../api/client';

export interface UserDossier {
  user: {
    id: number;
    account: string;
    nickname: string;
    createdAt: string;
    activated: boolean;
    authenticator: boolean;
    allowlist: boolean;
    locked: { at: string; reason: string | null } | null;
  };
  balances: Array<{ currency: string; available: string; frozen: string }>;
  records: Array<{
    id: number;
    type: string;
    direction: 'in' | 'out';
    status: string;
    amount: string;
    fee: string;
    network: string;
    to: string | null;
    txId: string | null;
    reason: string | null;
    createdAt: string;
    held: { reason: string; decision: string | null } | null;
    chainState: string | null;
  }>;
  sessions: Array<{ id: string; createdAt: string; lastSeenAt: string | null; ip: string | null; userAgent: string | null }>;
  devices: Array<{ device: string; lastSeenAt: string }>;
  holds: {
    withdrawalsPausedUntil: string | null;
    withdrawals: Array<{ record: number; reason: string; decision: string | null; since: string }>;
  };
  /** `currency` null: the primary wallet's address, which takes every currency. */
  depositAddresses: Array<{ currency: string | null; network: string; address: string }>;
  securityChanges: Array<{
    at: string;
    kind: 'authenticator-bound' | 'passkey-added' | 'allowlist-off' | 'told-of-failed-sign-ins';
    name?: string;
  }>;
}

export const findUsersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['users', 'search', q],
    queryFn: () => consoleApi<FoundUser[]>(`/users?q=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
    staleTime: 0,
  });

export const userDossierQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', 'dossier', id], queryFn: () => consoleApi<UserDossier>(`/users/${id}`), staleTime: 0 });

type Protection = 'lift-hold' | 'sign-out-everywhere' | 'unlock' | { lock: string };

/** Lifts a withdrawal pause, ends every session, locks (with the reason) or unlocks; the dossier is read again. */
export function useProtectUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Protection) =>
      typeof action === 'string'
        ? consoleApi<unknown>(`/users/${id}/${action}`, { method: 'POST' })
        : consoleApi<unknown>(`/users/${id}/lock`, { method: 'POST', body: { reason: action.lock } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users', 'dossier', id] }),
  });
}

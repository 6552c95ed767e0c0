/** The signed-in operator: signing in, who they are, signing out. */
import { queryOptions } from '@tanstack/react-query';
import { consoleApi, sessionToken } from '../api/client';

export type OperatorRole = 'reviewer' | 'support' | 'finance' | 'admin';
export interface Operator {
  email: string;
  role: OperatorRole;
}

export async function signIn(input: { email: string; password: string; code: string }): Promise<Operator> {
  const { token, operator } = await consoleApi<{ token: string; operator: Operator }>('/sign-in', {
    method: 'POST',
    body: input,
  });
  sessionToken.set(token);
  return operator;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: () => consoleApi<Operator>('/me') });

export interface OperatorSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['sessions'], queryFn: () => consoleApi<OperatorSession[]>('/sessions') });

export const endSession = (id: string) => consoleApi<null>(`/sessions/${id}/end`, { method: 'POST' });

/** Ends this session on the server, then forgets its token. */
export async function signOut(currentSessionId: string | undefined) {
  try {
    if (currentSessionId) await endSession(currentSessionId);
  } finally {
    sessionToken.clear();
  }
}

/** What each role's console shows (the server checks the same on every route). */
export const CAN = {
  review: (role: OperatorRole) => role === 'reviewer',
  approveMoney: (role: OperatorRole) => role === 'finance',
  readUsers: (role: OperatorRole) => role === 'support' || role === 'finance',
  protectUsers: (role: OperatorRole) => role === 'support',
  readAudit: (role: OperatorRole) => role === 'admin',
  runService: (role: OperatorRole) => role === 'admin',
};

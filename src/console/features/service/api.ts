import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../api/client';
import type { OperatorRole } from '../../session/operator';

export interface ServiceSettings {
  appVersion: string;
  overridden: boolean;
  built: string;
  approvalLimits: Array<{ channel: string; currency: string; network: string; approvalAbove: string | null }>;
}
export interface ListedOperator {
  id: string;
  email: string;
  role: OperatorRole;
  createdAt: string;
  disabledAt: string | null;
  openSessions: number;
}
export interface NewOperator {
  email: string;
  role: OperatorRole;
  password: string;
  otpauth: string;
}
export interface Broadcast {
  title: string;
  content: string;
  popup: boolean;
  translations?: Record<string, { title: string; content: string }>;
}

export const serviceQueryOptions = () =>
  queryOptions({ queryKey: ['service', 'settings'], queryFn: () => consoleApi<ServiceSettings>('/service') });
export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: ['service', 'operators'], queryFn: () => consoleApi<ListedOperator[]>('/operators') });

/** An admin action; what the service screen shows is read again after it. */
export function useServiceAction<T, R = unknown>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['service'] }) });
}

export const setAppVersion = (version: string) => consoleApi<unknown>('/app-version', { method: 'POST', body: { version } });
export const setApprovalLimit = ({ channel, amount }: { channel: string; amount: string }) =>
  consoleApi<unknown>(`/approval-limits/${channel}`, { method: 'POST', body: { amount } });
export const sendBroadcast = (message: Broadcast) =>
  consoleApi<{ recipients: number }>('/messages', { method: 'POST', body: message });
export const addOperator = (input: { email: string; role: OperatorRole }) =>
  consoleApi<NewOperator>('/operators', { method: 'POST', body: input });
export const disableOperator = (id: string) => consoleApi<unknown>(`/operators/${id}/disable`, { method: 'POST' });

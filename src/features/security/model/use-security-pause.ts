import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from '../../../api/misc';

/**
 * How many hours the server pauses withdrawals after a security change: its operator's setting
 * (SECURITY_HOLD_HOURS, 0 for none), from the app config. Undefined until the config is known: a
 * screen then says nothing about a pause rather than a duration that may not be true.
 */
export function useSecurityPauseHours(): number | undefined {
  return useQuery({
    ...appConfigQueryOptions(),
    meta: { inlineErrors: true },
    select: (config) => config.securityHoldHours,
  }).data;
}

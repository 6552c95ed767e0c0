import { useLingui } from '@lingui/react/macro';
import type { ActivityBadge } from './status';

export function useBadgeLabels(): Record<ActivityBadge, string> {
  const { t } = useLingui();
  return {
    open: t`Open`,
    closed: t`Ended`,
    review: t`In review`,
    approved: t`Approved`,
    rejected: t`Rejected`,
    claimed: t`Completed`,
  };
}

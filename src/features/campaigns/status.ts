/** The badge an activity shows in the list and detail, from the caller's participation. */
import type { Activity } from '../../contract/activity';

export type ActivityBadge = 'open' | 'closed' | 'review' | 'approved' | 'rejected' | 'claimed';

export function activityBadge(a: Pick<Activity, 'open' | 'participation'>): ActivityBadge {
  if (a.participation) return a.participation.status;
  return a.open ? 'open' : 'closed';
}

import { createFileRoute } from '@tanstack/react-router';
import { ActivityDetailScreen } from '../../../features/campaigns/activity-detail-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/activity/detail')({
  validateSearch: searchSchema({ id: requiredId }),
  component: ActivityDetailScreen,
});

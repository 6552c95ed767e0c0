import { createFileRoute } from '@tanstack/react-router';
import { ActivityListScreen } from '../../../features/campaigns/activity-list-screen';

export const Route = createFileRoute('/pages/activity/index')({
  component: ActivityListScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ActivityDetailScreen } from '../../../features/activity/activity-detail-screen';

export const Route = createFileRoute('/pages/activity/detail')({
  validateSearch: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  component: ActivityDetailScreen,
});

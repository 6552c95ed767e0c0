import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RecordDetailScreen } from '../../../features/records/record-detail-screen';

export const Route = createFileRoute('/pages/record/detail')({
  validateSearch: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  component: RecordDetailScreen,
});

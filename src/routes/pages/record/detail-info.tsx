import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RecordDetailInfoScreen } from '../../../features/records/record-detail-info-screen';

export const Route = createFileRoute('/pages/record/detail-info')({
  validateSearch: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  component: RecordDetailInfoScreen,
});

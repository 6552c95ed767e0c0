import { createFileRoute } from '@tanstack/react-router';
import { RecordDetailScreen } from '../../../features/records/record-detail-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/record/detail')({
  validateSearch: searchSchema({ id: requiredId }),
  component: RecordDetailScreen,
});

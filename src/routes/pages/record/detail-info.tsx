import { createFileRoute } from '@tanstack/react-router';
import { RecordDetailInfoScreen } from '../../../features/records/record-detail-info-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/record/detail-info')({
  validateSearch: searchSchema({ id: requiredId }),
  component: RecordDetailInfoScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { RecordsScreen } from '../../../features/records/records-screen';
import { oneOf, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/record/index')({
  validateSearch: searchSchema({ tab: oneOf(['all', 'in', 'out', 'failed'] as const) }),
  component: RecordsScreen,
});

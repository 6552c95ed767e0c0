import { createFileRoute } from '@tanstack/react-router';
import { RecordsScreen } from '../../../features/records/records-screen';
import { oneOf, optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/record/index')({
  // `q` is the search: in the address, so coming back from a record finds it still there.
  validateSearch: searchSchema({ tab: oneOf(['all', 'in', 'out', 'failed'] as const), q: optionalString(100) }),
  component: RecordsScreen,
});

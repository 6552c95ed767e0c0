import { createFileRoute } from '@tanstack/react-router';
import { ReceiveScreen } from '../../../features/receive/receive-screen';
import { optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/index/receive')({
  validateSearch: searchSchema({ currency: optionalString(16), network: optionalString(16) }),
  component: ReceiveScreen,
});

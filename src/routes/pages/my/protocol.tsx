import { createFileRoute } from '@tanstack/react-router';
import { ProtocolScreen } from '../../../features/settings/protocol-screen';
import { oneOf, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/my/protocol')({
  validateSearch: searchSchema({ type: oneOf(['agreement', 'privacy'] as const) }),
  component: ProtocolScreen,
});

import { createFileRoute, useSearch } from '@tanstack/react-router';
import { ProtocolScreen } from '../../../features/settings/protocol-screen';
import { oneOf, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/my/protocol')({
  validateSearch: searchSchema({ type: oneOf(['agreement', 'privacy'] as const) }),
  component: ProtocolRoute,
});

/** `?type=agreement` (the default) or `?type=privacy`. */
function ProtocolRoute() {
  // Not Route.useSearch(): referencing Route from the split component pulls route code out of the entry.
  const { type } = useSearch({ from: '/pages/my/protocol' });
  return <ProtocolScreen type={type} />;
}

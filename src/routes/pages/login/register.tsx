import { createFileRoute, useSearch } from '@tanstack/react-router';
import { RegisterScreen } from '../../../features/auth/register-screen';
import { optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/login/register')({
  validateSearch: searchSchema({ invite: optionalString(16) }),
  component: RegisterRoute,
});

/** An invite link (`?invite=CODE`) prefills the invitation code. */
function RegisterRoute() {
  // Not Route.useSearch(): referencing Route from the split component pulls route code out of the entry.
  const { invite } = useSearch({ from: '/pages/login/register' });
  return <RegisterScreen invite={invite} />;
}

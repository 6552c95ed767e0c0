import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../../../features/auth/register-screen';
import { optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/login/register')({
  validateSearch: searchSchema({ invite: optionalString(16) }),
  component: RegisterScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { AuthenticatorScreen } from '../../../../features/security/authenticator-screen';

export const Route = createFileRoute('/pages/my/google-code/index')({
  component: AuthenticatorScreen,
});

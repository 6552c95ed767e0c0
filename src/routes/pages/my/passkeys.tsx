import { createFileRoute } from '@tanstack/react-router';
import { PasskeysScreen } from '../../../features/security/passkeys-screen';

export const Route = createFileRoute('/pages/my/passkeys')({
  component: PasskeysScreen,
});

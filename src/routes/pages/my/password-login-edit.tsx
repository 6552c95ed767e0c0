import { createFileRoute } from '@tanstack/react-router';
import { LoginPasswordScreen } from '../../../features/security/login-password-screen';

export const Route = createFileRoute('/pages/my/password-login-edit')({
  component: LoginPasswordScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../../../features/auth/forgot-password-screen';

export const Route = createFileRoute('/pages/login/forgot-password')({
  component: ForgotPasswordScreen,
});

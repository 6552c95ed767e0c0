import { createFileRoute } from '@tanstack/react-router';
import { ForgotTradePasswordScreen } from '../../../features/security/forgot-trade-password-screen';

export const Route = createFileRoute('/pages/my/password-trade-forgot')({
  component: ForgotTradePasswordScreen,
});

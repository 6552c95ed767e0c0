import { createFileRoute } from '@tanstack/react-router';
import { TradePasswordScreen } from '../../../features/security/trade-password-screen';

export const Route = createFileRoute('/pages/my/password-trade-setting')({
  component: TradePasswordScreen,
});

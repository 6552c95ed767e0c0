import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalsScreen } from '../../features/withdrawals/withdrawals-screen';

export const Route = createFileRoute('/_signed-in/withdrawals')({ component: WithdrawalsScreen });

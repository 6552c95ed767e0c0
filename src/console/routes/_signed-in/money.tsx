import { createFileRoute } from '@tanstack/react-router';
import { MoneyScreen } from '../../features/money/money-screen';

export const Route = createFileRoute('/_signed-in/money')({ component: MoneyScreen });

import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/wallet/home-screen';

export const Route = createFileRoute('/pages/index/index')({
  component: HomeScreen,
});

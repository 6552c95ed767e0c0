import { createFileRoute } from '@tanstack/react-router';
import { WalletsScreen } from '../../../features/profile/wallets-screen';

export const Route = createFileRoute('/pages/my/wallet')({
  component: WalletsScreen,
});

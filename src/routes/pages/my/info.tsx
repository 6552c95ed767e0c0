import { createFileRoute } from '@tanstack/react-router';
import { InfoScreen } from '../../../features/profile/info-screen';

export const Route = createFileRoute('/pages/my/info')({
  component: InfoScreen,
});

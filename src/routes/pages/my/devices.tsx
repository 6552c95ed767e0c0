import { createFileRoute } from '@tanstack/react-router';
import { DevicesScreen } from '../../../features/security/devices-screen';

export const Route = createFileRoute('/pages/my/devices')({
  component: DevicesScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { LaunchScreen } from '../../../features/launch/launch-screen';

export const Route = createFileRoute('/pages/common/launch')({
  component: LaunchScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { MyScreen } from '../../../features/profile/my-screen';

export const Route = createFileRoute('/pages/my/index')({
  component: MyScreen,
});

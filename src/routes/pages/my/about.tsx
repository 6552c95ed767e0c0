import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../../../features/settings/about-screen';

export const Route = createFileRoute('/pages/my/about')({
  component: AboutScreen,
});

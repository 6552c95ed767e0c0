import { createFileRoute } from '@tanstack/react-router';
import { ActivationPrompt } from '../../../features/activation/activation-prompt';
import { HomeScreen } from '../../../features/wallet/home-screen';

export const Route = createFileRoute('/pages/index/index')({
  component: HomeRoute,
});

/** Home, with the activation prompt (SPEC §4) at the top of its body for a non-activated account. */
function HomeRoute() {
  return <HomeScreen activation={<ActivationPrompt />} />;
}

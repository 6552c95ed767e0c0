import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionToken } from '../api/client';
import { ConsoleShell } from '../features/shell/console-shell';
import { meQueryOptions } from '../session/operator';

export const Route = createFileRoute('/_signed-in')({
  beforeLoad: () => {
    if (!sessionToken.get()) throw redirect({ to: '/sign-in', replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  component: ConsoleShell,
});

import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { consoleQueryClient } from './query-client';

export const consoleRouter = createRouter({
  routeTree,
  basepath: '/console',
  context: { queryClient: consoleQueryClient },
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof consoleRouter;
  }
}

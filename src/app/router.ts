import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, type RouterHistory, stringifySearchWith } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';

/** `history`: the browser's by default; the build's prerender passes a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  // Whether the reader scrolled the page before the first render: read now, while the page's layout
  // is clean, and then from a scroll event. Read in the first render's scroll restoration, it forced
  // a layout of the whole new page in the middle of React's commit (home's longest task).
  // (`?.`: the build's prerender makes a router in Node, which has no window.)
  let readerScrolled = globalThis.scrollY > 0;
  const noteScroll = () => {
    readerScrolled = true;
  };
  globalThis.addEventListener?.('scroll', noteScroll, { passive: true, once: true });
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingMs: 200,
    // Each navigation opens at the top (or where its page was left). Not the first render when the
    // reader had scrolled: a prerendered page can be scrolled before the app takes it over, and
    // jumping back to the top under a reader's finger also moved what they were about to tap.
    scrollRestoration: () => {
      const restore = !readerScrolled;
      readerScrolled = false;
      globalThis.removeEventListener?.('scroll', noteScroll);
      return restore;
    },
    // Plain query strings (?id=16, not ?id=%2216%22): every search value of the app is a string,
    // and each route's validateSearch checks it.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

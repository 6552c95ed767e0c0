import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, type RouterHistory, stringifySearchWith } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';

/** `history`: the browser's by default; the build's prerender passes a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const readerScrolled = whetherTheReaderScrolls();
  let firstRender = true;
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingMs: 200,
    // Each navigation opens at the top (or where its page was left). Not the first render: a
    // prerendered page can be scrolled before the app takes it over, and jumping back to the top
    // under a reader's finger also moved what they were about to tap.
    scrollRestoration: () => {
      const keepPlace = firstRender && readerScrolled.stop();
      firstRender = false;
      return !keepPlace;
    },
    // Plain query strings (?id=16, not ?id=%2216%22): every search value of the app is a string,
    // and each route's validateSearch checks it.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
}

/**
 * Whether the page was scrolled from when the router is made until the first render (`stop`).
 * Read now, while the page's layout is clean, and then from scroll events: reading `scrollY` at
 * the first render forced a layout of the whole new page in the middle of React's commit, the
 * longest task of a home visit.
 */
function whetherTheReaderScrolls(): { stop: () => boolean } {
  if (typeof window === 'undefined') return { stop: () => false };
  let scrolled = window.scrollY > 0;
  const onScroll = () => {
    scrolled = true;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return {
    stop: () => {
      window.removeEventListener('scroll', onScroll);
      return scrolled;
    },
  };
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

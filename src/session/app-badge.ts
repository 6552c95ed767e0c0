/**
 * The unread message count on the app's icon (Badging API), where the platform has one: installed
 * apps on Android and desktop Chromium, and iOS 16.4+ home-screen apps. It follows the unread-count
 * query wherever that is fetched (the My tab, or a live update about messages), and is cleared
 * when nobody is signed in.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function showUnreadOnBadge(count: number | undefined): void {
  const nav = navigator as BadgeNavigator;
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  // A platform may refuse (not installed, permission): the badge is a nicety, never an error.
  const done = count && count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge();
  void done.catch(() => undefined);
}

const UNREAD = hashKey(queryKeys.notify.unread);

/** Mirrors every new unread count into the badge from now on; returns the stop. */
export function followUnreadBadge(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === UNREAD)
      showUnreadOnBadge(event.query.state.data as number | undefined);
  });
}

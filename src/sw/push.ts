/**
 * Push notifications in the worker: show what the server sent (services/messages/push.ts writes it in the
 * user's language), and on a tap bring the app forward on the record it is about — the open window
 * navigates in place (nothing reloads), or a new one opens.
 */
import { BRAND } from '../config/brand';
import { OPEN_PATH } from '../config/sw-messages';

declare const self: ServiceWorkerGlobalScope;

interface PushNotice {
  title: string;
  body: string;
  tag?: string;
  url?: string;
}

function readNotice(data: PushMessageData | null): PushNotice {
  try {
    const n = data?.json() as Partial<PushNotice> | undefined;
    if (n && typeof n.title === 'string' && typeof n.body === 'string') return n as PushNotice;
  } catch {
    // Not ours (a test message from the browser's tools): shown as plain text below.
  }
  return { title: BRAND.productName, body: data?.text() ?? '' };
}

/** Only a path of this app: a payload cannot send the user elsewhere. */
const appPath = (url: unknown) => (typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : '/');

async function open(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (app) {
    app.postMessage({ type: OPEN_PATH, path });
    await app.focus();
  } else {
    await self.clients.openWindow(path);
  }
}

export function listenForPushes(): void {
  self.addEventListener('push', (event) => {
    const notice = readNotice(event.data);
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: appPath(notice.url) },
      }),
    );
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(open(appPath((event.notification.data as { url?: unknown } | null)?.url)));
  });
}

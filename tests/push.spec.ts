/**
 * Push notifications as a person meets them, against the real server: turned on in Settings, a
 * withdrawal settled on the chain arrives as a notification shown by the service worker, a tap
 * opens its record in the open window, and signing out unsubscribes the device.
 *
 * The one stand-in is the browser's push service (FCM cannot be reached from here): the page's
 * PushManager hands out a subscription whose keys it makes with WebCrypto and whose endpoint is a
 * local https service; that service checks the server's VAPID signature, decrypts what the server
 * encrypted to the page's key, and delivers it to the worker with the DevTools protocol's
 * `ServiceWorker.deliverPushMessage`, as a push service would.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import {
  type Delivery,
  decryptPush,
  startPushService,
  subscriberFrom,
  verifiedVapidClaims,
} from '../server/test-support/push-service.ts';
import { DEMO, E2E_BASE_URL, e2ePushServiceTls, PUSH_SERVICE_PORT } from './harness/env.ts';
import { api, apiLogin, closePopupsAsTheyOpen } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';
import { freshAddress, MOST_FEE } from './harness/wallet-api.ts';

const SAVED = 'test-push-subscription';

/** Runs in the page before the app: a PushManager whose push service is the local one. */
function standInPushManager({ endpointBase, saved }: { endpointBase: string; saved: string }) {
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  interface Saved {
    endpoint: string;
    p256dh: string;
    auth: string;
    d: string;
    serverKey: string;
  }
  const asSubscription = (s: Saved) => ({
    endpoint: s.endpoint,
    options: { applicationServerKey: fromB64url(s.serverKey).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }),
    unsubscribe: async () => {
      localStorage.removeItem(saved);
      return true;
    },
  });
  const proto = PushManager.prototype as unknown as Record<string, unknown>;
  proto.getSubscription = async () => {
    const s = localStorage.getItem(saved);
    return s ? asSubscription(JSON.parse(s) as Saved) : null;
  };
  proto.subscribe = async (options: { applicationServerKey: string | BufferSource }) => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const key = options.applicationServerKey;
    const s: Saved = {
      endpoint: `${endpointBase}${crypto.randomUUID()}`,
      p256dh: b64url(raw),
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
      d: jwk.d ?? '',
      serverKey: typeof key === 'string' ? key : b64url(key as ArrayBuffer),
    };
    localStorage.setItem(saved, JSON.stringify(s));
    return asSubscription(s);
  };
}

const savedSubscription = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { endpoint: string; d: string; auth: string } | null,
    SAVED,
  );

/**
 * The app's service worker registration, as the DevTools protocol names it, and a way to have its
 * worker running: Chromium stops a worker idle for 30 s, and the settlement a push waits for takes
 * longer than that on a loaded machine. A push delivered to a stopped worker first starts it, which
 * on one loaded core took longer than the notification's wait (a pinned fresh-clone run); started
 * beforehand, the push is handled at once.
 */
async function workerRegistration(cdp: CDPSession, page: Page) {
  const ids: string[] = [];
  const running = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted && r.scopeURL === `${E2E_BASE_URL}/`) ids.push(r.registrationId);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
    for (const v of e.versions) if (v.status === 'activated') running.set(v.registrationId, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => ids.length).toBeGreaterThan(0);
  const registrationId = ids.at(-1) ?? '';
  return {
    registrationId,
    async startWorker() {
      await cdp.send('ServiceWorker.startWorker', { scopeURL: `${E2E_BASE_URL}/` });
      await expect.poll(() => running.get(registrationId)).toBe('running');
    },
  };
}

const notificationsShown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
  });

test('notifications turned on in Settings bring a settled withdrawal to the worker; a tap opens its record', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const service = await startPushService(e2ePushServiceTls(), PUSH_SERVICE_PORT);
  try {
    await context.grantPermissions(['notifications']);
    await context.addInitScript(standInPushManager, {
      endpointBase: `https://127.0.0.1:${PUSH_SERVICE_PORT}/push/`,
      saved: SAVED,
    });
    await loginAsDemo(page);
    await page.goto('/pages/my/setting');
    const toggle = page.getByRole('switch', { name: 'Push notifications' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/notify/push/subscribe');
    await toggle.click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(200);
    await expect(toggle).toBeChecked();
    const keys = await savedSubscription(page);
    expect(keys).not.toBeNull();
    const subscriber = subscriberFrom(keys!.d, keys!.auth);
    const { publicKey } = await api<{ publicKey: string }>('/notify/push/key', { token: await apiLogin() });

    const cdp = await context.newCDPSession(page);
    const { registrationId, startWorker } = await workerRegistration(cdp, page);
    // What the push service receives for this subscription, decrypted, goes on to the worker. The
    // demo user may have other subscriptions (an earlier attempt's, other tests'), whose pushes
    // reach the same service encrypted for other keys: those are not this one's.
    const endpointPath = new URL(keys!.endpoint).pathname;
    const arrived = new Promise<string>((resolve, reject) =>
      service.onDelivery((d: Delivery) => {
        if (d.path !== endpointPath) return;
        try {
          expect(verifiedVapidClaims(d.headers, publicKey).aud).toBe(`https://127.0.0.1:${PUSH_SERVICE_PORT}`);
          resolve(decryptPush(d.body, subscriber));
        } catch (error) {
          reject(error);
        }
      }),
    );

    // A withdrawal from another device; the chain job settles it, then the server pushes.
    await api('/money/virtualCurrency/transaction/withdraw', {
      token: await apiLogin(),
      idempotencyKey: `push-${crypto.randomUUID()}`,
      body: {
        channelId: 'usdt-trc20',
        address: freshAddress(),
        amount: '13.579',
        tradePassword: DEMO.tradePassword,
        fee: MOST_FEE,
      },
    });
    const plaintext = await arrived;
    const notice = JSON.parse(plaintext) as { title: string; body: string; url: string };
    expect(notice.title).toBe('Withdrawal sent');
    expect(notice.body).toMatch(/^13\.579 USDT was sent to T\w{5}…\w{4}\.$/);
    expect(notice.url).toMatch(/^\/pages\/record\/detail\?id=\d+$/);
    await startWorker();
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId, data: plaintext });
    await expect
      .poll(() => notificationsShown(page))
      .toContainEqual({ title: 'Withdrawal sent', body: notice.body, data: { url: notice.url } });

    // A tap: the open window shows the record, in place (the document is the same one).
    await page.goto('/pages/index/index');
    await page.evaluate(() => Object.assign(window, { pushMark: true }));
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      // The worker's own globals (this file is typed for the page).
      const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration };
      const Tap = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event }).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new Tap('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`${notice.url.replace(/[?]/g, '\\?')}$`));
    expect(await page.evaluate(() => 'pushMark' in window)).toBe(true);

    // Signing out unsubscribes this device: the next person here gets nothing they did not ask for.
    await page.goto('/pages/my/index');
    await closePopupsAsTheyOpen(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/login\/index$/);
    await expect.poll(() => savedSubscription(page)).toBeNull();
  } finally {
    await service.close();
  }
});

/**
 * Push notifications on this device (Web Push): a deposit credited, a withdrawal settled or failed,
 * a security setting changed. Turned on from Settings only — never asked for on launch — and
 * only while signed in: the server keeps a subscription for the session that made it, renewed on
 * every launch and language change (with the language its notifications should speak), and the
 * device unsubscribes when the session ends, so the next person to sign in here gets nothing they
 * did not ask for.
 *
 * Its own chunk: loaded by Settings and after the first signed-in screen.
 */
import { dropPushSubscription, getPushKey, savePushSubscription } from '../api/notify';
import { i18n } from '../lib/i18n/activate';
import { appStore } from './store';

/**
 * `install-first`: iOS and iPadOS offer push only to an app added to the Home Screen.
 * `unavailable`: this server sends none (not configured).
 */
export type PushState = 'unsupported' | 'install-first' | 'unavailable' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const appleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** This device's subscription (none while no service worker is registered yet). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What Settings shows, without asking the user anything. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return appleMobile() ? 'install-first' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  return subscription ? 'on' : 'off';
}

const sameKey = (subscription: PushSubscription, publicKey: string) => {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return (
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') === publicKey
  );
};

/** Subscribes with the server's key (again, when the server's key changed) and tells the server. */
async function subscribeAndSave(publicKey: string): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const json = subscription.toJSON();
  await savePushSubscription({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    locale: i18n.locale,
  });
}

/** Asks for permission (from a tap in Settings) and subscribes. Throws when the browser's push service refuses. */
export async function turnOnPush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await getPushKey();
  if (!publicKey) return 'unavailable';
  await subscribeAndSave(publicKey);
  return 'on';
}

export async function turnOffPush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    // The server first: if that fails the device is still subscribed and Settings still says so.
    await dropPushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * On launch and on a language change: a device that has notifications on tells the server again
 * (the push service may have rotated the subscription; the language may have changed). Quietly
 * does nothing when offline or off.
 */
export async function renewPush(): Promise<void> {
  if (!supported() || Notification.permission !== 'granted' || !appStore.get().token) return;
  if (!(await currentSubscription())) return;
  const { publicKey } = await getPushKey();
  if (publicKey) await subscribeAndSave(publicKey);
}

/** When the session ends: this device stops receiving the signed-out user's notifications. */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!supported()) return;
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}

/** Renews now, and again whenever the language changes; returns the stop. */
export function keepPushRenewed(): () => void {
  const renew = () => void renewPush().catch(() => undefined);
  renew();
  return i18n.on('change', renew);
}

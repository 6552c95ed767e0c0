/** Reads what the diagnostics page shows: worker, caches, storage use, last version seen. */
import { readKey, STORAGE_KEYS } from '../../lib/storage/kv';

export interface WorkerInfo {
  supported: boolean;
  controller: string;
  active: string;
  waiting: string;
  installing: string;
  scope: string;
}

export async function readWorker(): Promise<WorkerInfo> {
  if (!('serviceWorker' in navigator)) {
    return { supported: false, controller: '—', active: '—', waiting: '—', installing: '—', scope: '—' };
  }
  const registration = await navigator.serviceWorker.getRegistration();
  return {
    supported: true,
    controller: navigator.serviceWorker.controller?.state ?? 'none',
    active: registration?.active?.state ?? 'none',
    waiting: registration?.waiting?.state ?? 'none',
    installing: registration?.installing?.state ?? 'none',
    scope: registration?.scope ?? 'none',
  };
}

export async function readCaches(): Promise<Array<{ name: string; entries: number }>> {
  if (typeof caches === 'undefined') return [];
  const names = await caches.keys();
  return Promise.all(names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })));
}

export async function readStorage(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}

export const readLastVersion = () => readKey<string>(STORAGE_KEYS.version);

export const apiBase = () => import.meta.env.VITE_API_BASE_URL || location.origin;

/**
 * The first path segments the API answers on, derived from the contract (every endpoint's path and
 * the live stream's) plus the operator CLI's loopback routes (`/ops/:command`) and the operator
 * console (`/console/…`), neither part of the app's contract. The service worker (through Vite's `define`, so no schema reaches it), the static
 * server and the browser tests all take them from here: a new API area cannot be served the app
 * shell by mistake.
 */
import type { Endpoint } from './endpoint';
import { api } from './index';
import { LIVE_PATH } from './live';

const OPERATOR_CLI_PATH = '/ops/:command';
/** The operator console: its own app and API under /console/ (never the wallet's shell or cache). */
const OPERATOR_CONSOLE_PATH = '/console/api';

const contractPaths = Object.values(api).flatMap((area) => Object.values(area as Record<string, Endpoint>).map((e) => e.path));

export const API_SEGMENTS: readonly string[] = [
  ...new Set([...contractPaths, LIVE_PATH, OPERATOR_CLI_PATH, OPERATOR_CONSOLE_PATH].map((p) => p.split('/')[1] ?? '')),
].sort();

/** Whether a same-origin path belongs to the API (its first segment), not to the app. */
export function isApiPath(pathname: string): boolean {
  const first = pathname.split('?')[0]?.split('/')[1] ?? '';
  return API_SEGMENTS.includes(first);
}

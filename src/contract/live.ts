/**
 * Live updates: a server-sent events stream for the signed-in user, beside the JSON endpoints of
 * SPEC §7. Each event names what changed; the app refetches those queries.
 *
 * - `change` (with an `id`): `data` is `{"topics": [...]}`, what one transaction changed;
 * - `hello` (with an `id`): a new stream's position, sent when no `Last-Event-ID` was given;
 * - `resync` (with an `id`): events since the given `Last-Event-ID` are no longer kept (or it is
 *   unknown): everything live is reloaded.
 * The stream is authorised by the bearer token in the `Authorization` header, like every call.
 */
export const LIVE_PATH = '/notify/live';

export const LIVE_TOPICS = ['wallet', 'records', 'swaps', 'messages', 'activity'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const isLiveTopic = (value: unknown): value is LiveTopic => (LIVE_TOPICS as readonly unknown[]).includes(value);

/** A server sends a comment this often, so proxies keep the stream open and a dead one is noticed. */
export const LIVE_HEARTBEAT_MS = 25_000;

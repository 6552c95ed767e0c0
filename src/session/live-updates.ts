/**
 * Live updates: while a user is signed in, the app is visible and the server can be reached, one
 * server-sent events stream (`GET /notify/live`) tells what changed — a withdrawal settled on
 * another device, a deposit credited, a message published — and the queries that show it refetch,
 * so open screens follow without a reload.
 *
 * Read with fetch rather than `EventSource`: the stream is authorised like every call, by the
 * bearer token in a header, and `EventSource` cannot send one (the token must never be in a URL).
 * The stream pauses while the app is hidden or offline and resumes with `Last-Event-ID`: the server
 * replays exactly the events missed, or asks for a full reload when it no longer has them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiConfig } from '../api/config';
import { unreadCountQueryOptions } from '../api/notify';
import { queryKeys } from '../api/query-keys';
import { reportReachability } from '../api/reachability';
import { isLiveTopic, LIVE_PATH, type LiveTopic } from '../contract/live';
import { type SseMessage, SseParser } from '../lib/sse/sse-parser';
import { followUnreadBadge, showUnreadOnBadge } from './app-badge';
import { isOnline, PROBE_BACKOFF_MS, subscribeOnline } from './online';
import { appStore } from './store';

const TOPIC_QUERIES: Record<LiveTopic, ReadonlyArray<readonly unknown[]>> = {
  // A first recharge also activates the account: the activation prompt reads member info.
  wallet: [queryKeys.wallet, queryKeys.member.info],
  records: [queryKeys.records.all],
  swaps: [queryKeys.exchange.records],
  messages: [queryKeys.notify.all],
  activity: [queryKeys.activity.all],
};

/**
 * The queries one event makes stale; the ones on screen refetch at once. The unread count is
 * fetched even off screen: the app icon's badge shows it.
 */
export function refreshTopics(queryClient: QueryClient, topics: readonly LiveTopic[]): void {
  for (const topic of topics) for (const queryKey of TOPIC_QUERIES[topic]) void queryClient.invalidateQueries({ queryKey });
  if (topics.includes('messages'))
    void queryClient.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 }).catch(() => undefined);
}

const ALL_TOPICS = Object.keys(TOPIC_QUERIES) as LiveTopic[];

function topicsOf(message: SseMessage): LiveTopic[] {
  if (message.event === 'hello' || message.event === 'resync') return ALL_TOPICS;
  if (message.event !== 'change') return [];
  try {
    const { topics } = JSON.parse(message.data) as { topics?: unknown };
    return Array.isArray(topics) ? topics.filter(isLiveTopic) : [];
  } catch {
    return [];
  }
}

let stop: (() => void) | undefined;

/** Follows the session, visibility and online state from now on (idempotent); returns the stop. */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  if (stop) return stop;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Whose stream `lastEventId` belongs to: numbers are per user. */
  let streamToken: string | null = null;
  let lastEventId = '';
  /** A token the server refused: not tried again (the session module signs it out). */
  let refusedToken: string | null = null;

  const wanted = () => {
    const { token } = appStore.get();
    return Boolean(token) && token !== refusedToken && document.visibilityState === 'visible' && isOnline();
  };

  const pause = () => {
    clearTimeout(retry);
    retry = undefined;
    controller?.abort();
    controller = null;
  };

  const scheduleReconnect = () => {
    if (retry !== undefined || !wanted()) return;
    // The same steps as the online state's probes: quick at first, then no more than every 30 s.
    const base = PROBE_BACKOFF_MS[Math.min(attempt, PROBE_BACKOFF_MS.length - 1)] ?? 30_000;
    attempt++;
    // Spread out, so a restarted server is not met by every app in the same second.
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      base * (0.5 + Math.random()),
    );
  };

  const connect = async () => {
    if (controller || retry !== undefined || !wanted()) return;
    const token = appStore.get().token;
    if (token !== streamToken) {
      streamToken = token;
      lastEventId = '';
    }
    const c = new AbortController();
    controller = c;
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    let response: Response;
    try {
      response = await fetch(`${apiConfig().baseUrl.replace(/\/+$/, '')}${LIVE_PATH}`, {
        headers,
        cache: 'no-store',
        // Open for as long as the app is: never ahead of the screen's own requests. At the default
        // (high) priority, tools that wait for a page's critical requests to end (Lighthouse) also
        // waited out their whole time limit on every signed-in screen.
        priority: 'low',
        signal: c.signal,
      });
    } catch {
      if (c.signal.aborted) return;
      controller = null;
      // No answer at all: the online state hears it (and probes until the server is back).
      reportReachability('unreachable');
      scheduleReconnect();
      return;
    }
    reportReachability('reached');
    if (response.status === 401 || !response.ok || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      controller = null;
      // A dead session ends with the next call's 401 (the session module signs out); until the
      // token changes there is nothing to stream.
      if (response.status === 401) refusedToken = token;
      else scheduleReconnect();
      return;
    }
    const parser = new SseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parser.push(value)) {
          attempt = 0;
          lastEventId = message.lastEventId;
          refreshTopics(queryClient, topicsOf(message));
        }
      }
    } catch {
      // Cut off mid-stream (a proxy's timeout, a dropped connection): reconnect below.
    }
    if (c.signal.aborted) return;
    controller = null;
    // The server ended the stream (it is draining, or the session ended): connect again, to
    // whichever instance answers.
    scheduleReconnect();
  };

  let signedIn = Boolean(appStore.get().token);
  const update = () => {
    // Signed out: nobody's unread count belongs on the icon.
    if (signedIn && !appStore.get().token) showUnreadOnBadge(0);
    signedIn = Boolean(appStore.get().token);
    if (wanted()) {
      if (appStore.get().token !== streamToken) pause();
      void connect();
    } else pause();
  };

  const stopBadge = followUnreadBadge(queryClient);
  const unsubscribeStore = appStore.subscribe(update);
  const unsubscribeOnline = subscribeOnline(() => {
    attempt = 0;
    update();
  });
  document.addEventListener('visibilitychange', update);
  update();
  stop = () => {
    stopBadge();
    unsubscribeStore();
    unsubscribeOnline();
    document.removeEventListener('visibilitychange', update);
    pause();
    stop = undefined;
  };
  return stop;
}

/**
 * Live updates for open apps. Triggers (migration 012) leave, for every transaction that changes a
 * user's balances, records, swaps, messages or participations, one numbered event and a NOTIFY;
 * each instance LISTENs once and passes the events on to the streams of that user it holds. So an
 * event raised on one instance — a request, a job, an ops command — reaches a user connected to
 * another, and a reconnecting stream resumes after its `Last-Event-ID` with nothing missed or
 * doubled (the numbers of one user commit in order, see the migration).
 *
 * Nothing here is state that matters if lost: the events are in the database, a stream that drops
 * reconnects (to any instance) and resumes.
 */
import { sql } from 'kysely';
import { isLiveTopic, type LiveTopic } from '../../../../src/contract/live';
import { listen, type Subscription } from '../../db/index';
import type { Db } from '../../db/schema';

export interface LiveEvent {
  seq: number;
  topics: LiveTopic[];
}

/** One open stream, as the hub sees it: where it stands and how to write to it. */
export interface LiveStream {
  readonly userId: number;
  readonly tokenHash: string;
  /** The last event number this stream has been given (undefined until it has a position). */
  lastSeq: number | undefined;
  change(event: LiveEvent): void;
  hello(seq: number): void;
  resync(seq: number): void;
  ping(): void;
  end(): void;
}

export interface LiveHubOptions {
  heartbeatMs: number;
  /** Streams one user may hold on one instance; the oldest is ended when another opens. */
  maxStreamsPerUser: number;
  onError: (err: unknown) => void;
}

/** Events kept for resuming: a stream away longer than this reloads everything instead. */
export const LIVE_EVENTS_KEPT_MS = 24 * 3600_000;

/** At most this many events go out per read; a larger backlog is read again until it is empty. */
const BATCH = 200;

const CHANNEL = 'live_events';

export class LiveHub {
  private readonly streams = new Map<number, Set<LiveStream>>();
  /** Users whose delivery is running, and whether another notification came in meanwhile. */
  private readonly delivering = new Map<number, { again: boolean }>();
  private started: Promise<void> | null = null;
  private subscription: Subscription | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private schema = 'public';
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: LiveHubOptions,
  ) {}

  /** Starts listening on first use: an instance nobody streams from holds no extra connection. */
  private start(): Promise<void> {
    this.started ??= (async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db);
      this.schema = rows[0]?.schema ?? 'public';
      this.subscription = await listen(
        this.db,
        CHANNEL,
        (payload) => this.onNotify(payload),
        // Notifications sent while the listening connection was down are lost: read every stream's backlog.
        () => {
          for (const userId of this.streams.keys()) this.deliver(userId);
        },
      );
      this.heartbeat = setInterval(() => void this.beat().catch(this.opts.onError), this.opts.heartbeatMs);
      this.heartbeat.unref?.();
    })();
    return this.started;
  }

  /** The number of streams open here (metrics, tests). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Adds a stream and brings it up to date: after `lastEventId`, or from now on with a `hello`
   * carrying the user's current position.
   */
  async open(stream: LiveStream, lastEventId: number | undefined): Promise<void> {
    await this.start();
    if (this.closed) return stream.end();
    const set = this.streams.get(stream.userId) ?? new Set<LiveStream>();
    this.streams.set(stream.userId, set);
    set.add(stream);
    const first = set.values().next().value;
    if (set.size > this.opts.maxStreamsPerUser && first) this.remove(first, true);
    const position = await this.db
      .selectFrom('live_cursors as c')
      .where('c.user_id', '=', stream.userId)
      .select([
        'c.seq',
        (eb) =>
          eb
            .selectFrom('live_events as e')
            .whereRef('e.user_id', '=', 'c.user_id')
            .select((e) => e.fn.min('e.seq').as('oldest'))
            .as('oldest'),
      ])
      .executeTakeFirst();
    const current = Number(position?.seq ?? 0);
    const oldest = position?.oldest === null || position?.oldest === undefined ? current + 1 : Number(position.oldest);
    if (lastEventId === undefined) {
      stream.lastSeq = current;
      stream.hello(current);
    } else if (lastEventId > current || lastEventId + 1 < oldest) {
      // A number this database never gave, or events since then no longer kept.
      stream.lastSeq = current;
      stream.resync(current);
    } else {
      stream.lastSeq = lastEventId;
    }
    this.deliver(stream.userId);
  }

  /** Forgets a stream (its connection closed); `end` also closes it from this side. */
  remove(stream: LiveStream, end = false): void {
    const set = this.streams.get(stream.userId);
    if (set?.delete(stream) && set.size === 0) this.streams.delete(stream.userId);
    if (end) stream.end();
  }

  private onNotify(payload: string): void {
    const [schema, user] = payload.split(':');
    if (schema !== this.schema) return;
    const userId = Number(user);
    if (this.streams.has(userId)) this.deliver(userId);
  }

  /** Sends each of the user's streams the events after its position; one read at a time per user. */
  private deliver(userId: number): void {
    const running = this.delivering.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.delivering.set(userId, state);
    void (async () => {
      while (state.again) {
        state.again = false;
        const open = [...(this.streams.get(userId) ?? [])].filter((s) => s.lastSeq !== undefined);
        if (open.length === 0) break;
        const from = Math.min(...open.map((s) => s.lastSeq ?? Number.POSITIVE_INFINITY));
        const rows = await this.db
          .selectFrom('live_events')
          .select(['seq', 'topics'])
          .where('user_id', '=', userId)
          .where('seq', '>', String(from))
          .orderBy('seq')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          const event: LiveEvent = { seq: Number(row.seq), topics: row.topics.filter(isLiveTopic) };
          for (const s of open) {
            if (s.lastSeq !== undefined && event.seq <= s.lastSeq) continue;
            s.lastSeq = event.seq;
            s.change(event);
          }
        }
        if (rows.length === BATCH) state.again = true;
      }
    })()
      .catch(this.opts.onError)
      .finally(() => this.delivering.delete(userId));
  }

  /**
   * Keeps idle streams open through proxies, and ends those whose session was revoked or expired —
   * on whichever instance that happened: one query for all the streams held here.
   */
  private async beat(): Promise<void> {
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    const hashes = [...new Set(all.map((s) => s.tokenHash))];
    const live = await this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', hashes)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();
    const valid = new Set(live.map((r) => r.token_hash));
    for (const s of all) {
      if (valid.has(s.tokenHash)) s.ping();
      else this.remove(s, true);
    }
  }

  /** Ends every stream (their apps reconnect, to another instance while this one drains). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of [...this.streams.values()]) for (const s of [...set]) this.remove(s, true);
    await this.started?.catch(() => undefined);
    await this.subscription?.close();
  }
}

/** Drops events too old to resume from (the hourly clean-up). */
export async function forgetOldLiveEvents(db: Db): Promise<void> {
  await db
    .deleteFrom('live_events')
    .where('created_at', '<', new Date(Date.now() - LIVE_EVENTS_KEPT_MS))
    .execute();
}

/**
 * @fastify/rate-limit's counters in the database, so a limit is one budget across every instance
 * (an in-memory counter per process would multiply it by the number of instances). One row per
 * route and client, a fixed window: a single upsert counts the hit and opens a new window when the
 * old one has passed.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db, Q } from '../../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly scope = 'global') {}

    incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
      const id = `${this.scope}|${key}`;
      sql<{ hits: number; ttl: number }>`
        insert into rate_limits as r (key, window_start, window_ms, hits) values (${id}, now(), ${timeWindow}, 1)
        on conflict (key) do update set
          hits = case when r.window_start + r.window_ms * interval '1 millisecond' <= now() then 1 else r.hits + 1 end,
          window_start = case when r.window_start + r.window_ms * interval '1 millisecond' <= now() then now() else r.window_start end,
          window_ms = ${timeWindow}
        returning hits, greatest(0, floor(extract(epoch from (window_start + window_ms * interval '1 millisecond' - now())) * 1000))::int as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) => callback(null, { current: Number(row?.hits), ttl: Number(row?.ttl) }),
          (err: Error) => callback(err),
        );
    }

    child(routeOptions: { method?: unknown; url?: string; path?: string; routeInfo?: { method?: unknown; url?: string } }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new SharedStore(`${String(info.method)} ${info.url ?? routeOptions.path ?? ''}`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

/** Drops windows that ended more than an hour ago (run by the hourly clean-up job). */
export async function forgetOldRateLimitWindows(db: Q): Promise<void> {
  await sql`delete from rate_limits where window_start + window_ms * interval '1 millisecond' < now() - interval '1 hour'`.execute(
    db,
  );
}

/**
 * Live updates over real HTTP: an event raised through one database handle (on PostgreSQL another
 * instance's pool) reaches a stream served by the other instance; a stream resumes after its
 * Last-Event-ID with nothing missed or doubled; a revoked session's stream ends.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '../../../src/contract/live';
import { must } from '../../../src/lib/must';
import { type SseMessage, SseParser } from '../../../src/lib/sse/sse-parser';
import { openDb } from '../db/index';
import type { Db } from '../db/schema';
import { creditDeposit } from '../services/deposits/deposits';
import { revokeSession } from '../services/identity/auth';
import { publish } from '../services/messages/messages';
import { distribute, fundPool } from '../services/rewards/prize-pool';
import { backends, makeApp, makeUser, resetDb, setupDb, type TestEnv, transferFixture } from './helpers';

interface Stream {
  status: number;
  /** The next event, or null when the stream ended first; fails after `ms`. */
  next(ms?: number): Promise<SseMessage | null>;
  close(): void;
}

async function openStream(base: string, token: string | null, lastEventId?: number): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${LIVE_PATH}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const parser = new SseParser();
  const queue: SseMessage[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let ended = false;
  return {
    status: res.status,
    async next(ms = 5000) {
      const deadline = Date.now() + ms;
      while (queue.length === 0 && !ended) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no live event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no live event in time')), left)),
        ]);
        if (chunk.done) ended = true;
        else queue.push(...parser.push(chunk.value));
      }
      return queue.shift() ?? null;
    },
    close: () => controller.abort(),
  };
}

const topicsOf = (m: SseMessage | null) => (JSON.parse(m?.data ?? '{}') as { topics?: string[] }).topics;
const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe.each(backends)('live updates on %s', (backend) => {
  let env: TestEnv;
  /** The instance the streams connect to, and a second one on the same database. */
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** The second instance's own database handle (on PGlite, the one process's only handle). */
  let otherDb: Db;
  beforeAll(async () => {
    env = await setupDb(backend, 'live');
    otherDb = backend === 'pg' ? await openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, schema: 't_live' }) : env.db;
    a = await makeApp(env, { config: { liveHeartbeatMs: 200 } });
    b = await makeApp({ ...env, db: otherDb });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // fetch (undici) may leave a connection it opened and never sent a request on; such a socket is
    // not "idle" to Node's server, and close() would wait for it until the request timeout.
    const closing = Promise.all([a.close(), b.close()]);
    a.server.closeAllConnections();
    b.server.closeAllConnections();
    await closing;
    if (otherDb !== env.db) await otherDb.destroy();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  it('refuses a stream without a live session', async () => {
    expect((await openStream(baseOf(a), null)).status).toBe(401);
    expect((await openStream(baseOf(a), 'not-a-real-token-0123456789')).status).toBe(401);
  });

  it('passes a change made through another instance to the open stream, one event per transaction', async () => {
    const u = await makeUser(env.db);
    const other = await makeUser(env.db);
    const stream = await openStream(baseOf(a), u.token);
    expect(stream.status).toBe(200);
    const hello = await stream.next();
    expect(hello?.event).toBe('hello');
    const start = Number(hello?.lastEventId);

    // Another user's change is not sent to this one.
    await creditDeposit(otherDb, other.id, 'USDT', '5', transferFixture());
    // A deposit credits the balance and writes its record in one transaction: one event, both topics.
    await creditDeposit(otherDb, u.id, 'USDT', '12.5', transferFixture());
    const change = await stream.next();
    expect(change?.event).toBe('change');
    expect(Number(change?.lastEventId)).toBe(start + 1);
    expect(topicsOf(change)?.sort()).toEqual(['records', 'wallet']);

    // Through the other instance's HTTP API: reading all messages changes them.
    await publish(env.db, { title: 'Hello', content: 'A message' }, false, u.id);
    expect(topicsOf(await stream.next())).toEqual(['messages']);
    const read = await fetch(`${baseOf(b)}/notify/readAll`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(((await read.json()) as { code: number }).code).toBe(200);
    const readEvent = await stream.next();
    expect(topicsOf(readEvent)).toEqual(['messages']);
    expect(Number(readEvent?.lastEventId)).toBe(start + 3);
    stream.close();
  });

  it('tells every holder of a reward distribution once, numbered after what they had, also inside a caller’s transaction', async () => {
    const holders = [await makeUser(env.db, { usdt: '10' }), await makeUser(env.db, { usdt: '10' })];
    const streams = await Promise.all(holders.map((h) => openStream(baseOf(a), h.token)));
    const starts = await Promise.all(streams.map(async (s) => Number((await s.next())?.lastEventId)));
    await fundPool(env.db, '1000');
    const day = Math.floor(Date.now() / 86400_000) * 86400_000;

    // Batches of one holder: the batch numbers its holders' events itself (no deferred trigger).
    expect(await distribute(otherDb, 86400, day, 1)).toMatchObject({ holders: 2 });
    for (const [i, stream] of streams.entries()) {
      const paid = await stream.next();
      expect(Number(paid?.lastEventId), `holder ${i}`).toBe(must(starts[i], 'start') + 1);
      expect(topicsOf(paid)?.sort()).toEqual(['records', 'wallet']);
    }

    // The demo's seed distributes inside its own transaction, after a deposit to a holder there: that
    // holder's one event for the transaction carries both, numbered once at its commit.
    const [first, second] = holders.map((h) => h.id);
    await otherDb.transaction().execute(async (trx) => {
      await creditDeposit(trx, must(first, 'holder'), 'USDT', '1', transferFixture());
      expect(await distribute(trx, 86400, day + 86400_000, 1)).toMatchObject({ holders: 2 });
    });
    for (const [i, stream] of streams.entries()) {
      const paid = await stream.next();
      expect(Number(paid?.lastEventId), `holder ${i}`).toBe(must(starts[i], 'start') + 2);
      expect(topicsOf(paid)?.sort()).toEqual(['records', 'wallet']);
    }
    // Both ways left each holder's numbers where the next change continues them.
    await creditDeposit(otherDb, must(second, 'holder'), 'USDT', '2', transferFixture());
    expect(Number((await streams[1]?.next())?.lastEventId)).toBe(must(starts[1], 'start') + 3);
    for (const s of streams) s.close();
  });

  it('resumes after Last-Event-ID with every event missed, in order, and none twice', async () => {
    const u = await makeUser(env.db);
    const first = await openStream(baseOf(b), u.token);
    const position = Number((await first.next())?.lastEventId);
    first.close();

    // While away: five transactions at once for this user, and one that rolls back.
    await Promise.all(['1', '2', '3', '4', '5'].map((amount) => creditDeposit(otherDb, u.id, 'USDT', amount, transferFixture())));
    await otherDb
      .transaction()
      .execute(async (trx) => {
        await publish(trx, { title: 'Never sent', content: 'rolled back' }, false, u.id);
        throw new Error('roll back');
      })
      .catch(() => undefined);

    const resumed = await openStream(baseOf(a), u.token, position);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await resumed.next();
      expect(m?.event).toBe('change');
      seen.push(Number(m?.lastEventId));
    }
    expect(seen).toEqual([1, 2, 3, 4, 5].map((n) => position + n));
    // The rolled-back transaction took no number: the next change is the sixth.
    await publish(otherDb, { title: 'Sent', content: 'after' }, false, u.id);
    const sixth = await resumed.next();
    expect(Number(sixth?.lastEventId)).toBe(position + 6);
    expect(topicsOf(sixth)).toEqual(['messages']);
    resumed.close();
  });

  it('asks for a full reload when the events since Last-Event-ID are no longer kept, or never existed', async () => {
    const u = await makeUser(env.db);
    await creditDeposit(env.db, u.id, 'USDT', '1', transferFixture());
    await creditDeposit(env.db, u.id, 'USDT', '2', transferFixture());
    const { rows } = await sql<{ seq: string }>`select seq from live_cursors where user_id = ${u.id}`.execute(env.db);
    const current = Number(rows[0]?.seq);
    await sql`delete from live_events where user_id = ${u.id} and seq < ${current}`.execute(env.db);

    const stale = await openStream(baseOf(a), u.token, current - 2);
    const resync = await stale.next();
    expect(resync?.event).toBe('resync');
    expect(Number(resync?.lastEventId)).toBe(current);
    stale.close();

    const future = await openStream(baseOf(a), u.token, current + 100);
    expect((await future.next())?.event).toBe('resync');
    future.close();

    const upToDate = await openStream(baseOf(a), u.token, current - 1);
    const kept = await upToDate.next();
    expect([kept?.event, Number(kept?.lastEventId)]).toEqual(['change', current]);
    upToDate.close();
  });

  it('ends the stream of a session revoked on another instance', async () => {
    const u = await makeUser(env.db);
    const stream = await openStream(baseOf(a), u.token);
    expect((await stream.next())?.event).toBe('hello');
    await revokeSession(otherDb, u.token);
    // The heartbeat (200 ms here) finds the session gone and closes the stream.
    expect(await stream.next(3000)).toBeNull();
  });

  it('ends its streams when the instance closes, so the app reconnects elsewhere', async () => {
    const u = await makeUser(env.db);
    const extra = await makeApp(env);
    await extra.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(baseOf(extra), u.token);
    expect((await stream.next())?.event).toBe('hello');
    expect(extra.liveHub.size).toBe(1);
    const closing = extra.close();
    expect(await stream.next(3000)).toBeNull();
    await closing;
  });
});

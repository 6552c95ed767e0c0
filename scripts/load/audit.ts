/**
 * The checks after a mixed-load run, with the server stopped: no error beyond rate limits, every
 * accepted write present exactly once, the journal balanced, and each user's balance equal to its
 * deposits minus what its accepted requests moved.
 */

import { dec } from '../../server/src/common/decimal.ts';
import type { Db } from '../../server/src/db/schema.ts';
import { TSR } from '../../server/src/services/platform/reference.ts';
import { bookProblems } from '../../server/test-support/books.ts';

export const DEPOSIT = '1000000';
export const W_AMOUNT = '10'; // + fee 1 USDT
const W_TOTAL = dec(W_AMOUNT).plus(1);
export const S_AMOUNT = '1'; // usdt-trx at 4.1
const S_OUT = dec('4.1');

export interface LoadUser {
  id: number;
  token: string;
}

export interface RunOutcome {
  /** Non-200 answers per kind of request, by code. */
  errors: Record<string, Record<string, number>>;
  /** Accepted writes: idempotency key → the user and the id answered. */
  accepted: { withdraw: Map<string, { user: number; id: string }>; swap: Map<string, { user: number; id: string }> };
  replayMismatch: string[];
}

/** Available balance per user and currency: settling a withdrawal moves only `frozen`, so `available` is what the requests moved. */
export async function balanceMap(db: Db, users: LoadUser[]) {
  const ids = users.map((u) => u.id);
  const rows = await db.selectFrom('balances').select(['user_id', 'currency', 'available']).where('user_id', 'in', ids).execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.currency}`, dec(r.available)]));
}

/** Every way the database disagrees with what the clients were told. */
export async function auditLoad(
  db: Db,
  users: LoadUser[],
  startBalances: Map<string, ReturnType<typeof dec>>,
  { errors, accepted, replayMismatch }: RunOutcome,
): Promise<string[]> {
  const problems: string[] = [];
  problems.push(...(await bookProblems(db)));
  for (const [kind, codes] of Object.entries(errors)) {
    for (const [code, n] of Object.entries(codes)) if (code !== '429') problems.push(`${kind}: ${n} × ${code}`);
  }
  for (const key of replayMismatch) problems.push(`replay of ${key} did not return the first result`);
  const ids = users.map((u) => u.id);
  const wRows = await db
    .selectFrom('records')
    .select(['id', 'user_id'])
    .where('type', '=', 'withdraw')
    .where('user_id', 'in', ids)
    .execute();
  const sRows = await db.selectFrom('swaps').select(['id', 'user_id']).where('user_id', 'in', ids).execute();
  const check = (name: string, rows: Array<{ id: number }>, acc: Map<string, { id: string }>) => {
    const inDb = new Set(rows.map((r) => String(r.id)));
    const answered = new Set([...acc.values()].map((v) => v.id));
    if (answered.size !== acc.size) problems.push(`${name}: two keys answered with the same id`);
    for (const id of answered) if (!inDb.has(id)) problems.push(`${name} ${id} answered but lost`);
    for (const id of inDb) if (!answered.has(id)) problems.push(`${name} ${id} in the database but never answered (duplicate?)`);
  };
  check('withdraw', wRows, accepted.withdraw);
  check('swap', sRows, accepted.swap);
  const end = await balanceMap(db, users);
  const count = (m: Map<string, { user: number }>, user: number) => [...m.values()].filter((v) => v.user === user).length;
  for (const u of users) {
    const w = count(accepted.withdraw, u.id);
    const s = count(accepted.swap, u.id);
    const usdt = startBalances.get(`${u.id}:USDT`)!.minus(W_TOTAL.mul(w)).minus(dec(S_AMOUNT).mul(s));
    const trx = (startBalances.get(`${u.id}:TRX`) ?? dec(0)).plus(S_OUT.mul(s));
    const gotUsdt = end.get(`${u.id}:USDT`) ?? dec(0);
    const gotTrx = end.get(`${u.id}:TRX`) ?? dec(0);
    if (!gotUsdt.eq(usdt)) problems.push(`user ${u.id} USDT ${gotUsdt.toFixed()} ≠ expected ${usdt.toFixed()}`);
    if (!gotTrx.eq(trx)) problems.push(`user ${u.id} TRX ${gotTrx.toFixed()} ≠ expected ${trx.toFixed()}`);
  }
  problems.push(...(await snapshotProblems(db, ids)));
  return problems;
}

/**
 * The wallet read shows each user's snapshot (migration 020), which triggers rebuild in every
 * transaction that moves money: after concurrent moves it must still say what the balances say
 * (every balance but the reward token's, read beside it since migration 044).
 */
async function snapshotProblems(db: Db, ids: number[]): Promise<string[]> {
  const snapshots = await db.selectFrom('wallet_snapshots').select(['user_id', 'body']).where('user_id', 'in', ids).execute();
  const balances = await db
    .selectFrom('balances')
    .select(['user_id', 'currency', 'available', 'frozen'])
    .where('user_id', 'in', ids)
    .where('currency', '<>', TSR)
    .orderBy('currency')
    .execute();
  const shown = new Map(snapshots.map((s) => [s.user_id, JSON.stringify((JSON.parse(s.body) as unknown[])[3])]));
  const problems: string[] = [];
  for (const id of ids) {
    const held = balances
      .filter((b) => b.user_id === id)
      .map((b) => [b.currency, dec(b.available).toFixed(), dec(b.frozen).toFixed()]);
    if (shown.get(id) !== JSON.stringify(held))
      problems.push(`user ${id}: wallet snapshot ${shown.get(id)} ≠ balances ${JSON.stringify(held)}`);
  }
  return problems;
}

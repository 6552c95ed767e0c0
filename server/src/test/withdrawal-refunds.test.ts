/**
 * A failed or rejected withdrawal's money comes back as a record of its own: incoming, settled,
 * amount + fee exactly, linked both ways with the withdrawal, once — on PGlite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import type { TransactionRecord } from '../../../src/contract/money';
import { dec } from '../common/decimal';
import * as m017 from '../db/migrations/017_withdrawal_refunds';
import type { Db } from '../db/schema';
import { accountBalance, journalTotals, userAvailable, userFrozen } from '../services/money-moves/ledger';
import { refundWithdrawal } from '../services/withdrawals/refund';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { backends, call, makeUser, ok, withTestApp } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

/** A withdrawal frozen the way a request freezes it (amount + the channel's fee of 1 USDT). */
async function withdraw(db: Db, userId: number, amount: string) {
  const ch = await db.selectFrom('withdraw_channels').selectAll().where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
  const r = await db
    .transaction()
    .execute((trx) => withdrawLocked(trx, userId, ch, { channelId: ch.id, address: DEST, amount, tradePassword: 'x' }));
  return Number(r.id);
}

const refund = (db: Db, id: number, reason = 'The network reverted the transfer') =>
  db.transaction().execute((trx) => refundWithdrawal(trx, id, reason));

describe.each(backends)('withdrawal refunds on %s', (backend) => {
  const t = withTestApp(backend, 'refunds');

  type Page = { list: TransactionRecord[]; total: number };
  const list = async (token: string, query: Record<string, string | number>) =>
    ok<Page>(api.money.transactions, await call(t.app, api.money.transactions, { token, query }));
  const byId = async (token: string, id: string | number) => {
    const page = await list(token, { id: String(id) });
    expect(page.list).toHaveLength(1);
    return page.list[0]!;
  };
  const balance = async (userId: number) => {
    const b = await t.env.db
      .selectFrom('balances')
      .selectAll()
      .where('user_id', '=', userId)
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    return [dec(b.available).toFixed(), dec(b.frozen).toFixed()];
  };
  const refundsOf = (withdrawalId: number) =>
    t.env.db.selectFrom('records').selectAll().where('ref', '=', `refund:${withdrawalId}`).execute();
  async function assertBooksBalanced() {
    for (const [cur, total] of Object.entries(await journalTotals(t.env.db))) expect(total, cur).toBe('0');
    for (const r of await t.env.db.selectFrom('balances').selectAll().execute()) {
      expect(await accountBalance(t.env.db, userAvailable(r.user_id), r.currency)).toBe(dec(r.available).toFixed());
      expect(await accountBalance(t.env.db, userFrozen(r.user_id), r.currency)).toBe(dec(r.frozen).toFixed());
    }
  }

  it('gives amount + fee back in a record of its own, settled and incoming, linked both ways', async () => {
    const u = await makeUser(t.env.db, { usdt: '100' });
    const w = await withdraw(t.env.db, u.id, '12.345678');
    expect(await balance(u.id)).toEqual(['86.654322', '13.345678']);

    const refundId = await refund(t.env.db, w);
    expect(refundId).toEqual(expect.any(Number));
    expect(await balance(u.id)).toEqual(['100', '0']);
    const rows = await refundsOf(w);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: refundId, user_id: u.id, type: 'refund', direction: 'in', status: 'success' });

    const withdrawal = await byId(u.token, w);
    expect(withdrawal).toMatchObject({ type: 'withdraw', status: 'failed', refundRecordId: String(refundId), refundOf: null });
    const back = await byId(u.token, refundId!);
    expect(back).toEqual({
      id: String(refundId),
      type: 'refund',
      direction: 'in',
      status: 'success',
      currency: 'USDT',
      network: 'TRC20',
      amount: '13.345678',
      fee: '0',
      fromAddress: null,
      toAddress: null,
      txId: null,
      reason: null,
      internal: false,
      confirmations: null,
      refundRecordId: null,
      refundOf: String(w),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The list rows carry the links as the detail does.
    const all = await list(u.token, { tab: 'all' });
    expect(all.list.find((r) => r.id === String(w))?.refundRecordId).toBe(String(refundId));
    expect(all.list.find((r) => r.id === String(refundId))?.refundOf).toBe(String(w));
    // Other records have no links.
    expect(all.list.find((r) => r.type === 'deposit')).toMatchObject({ refundRecordId: null, refundOf: null });
    await assertBooksBalanced();
  });

  it('a repeated refund adds no record and moves no money; a second refund record cannot exist', async () => {
    const u = await makeUser(t.env.db, { usdt: '100' });
    const w = await withdraw(t.env.db, u.id, '20');
    const first = await refund(t.env.db, w);
    const journal = async () => (await t.env.db.selectFrom('journal').select('id').execute()).length;
    const entries = await journal();

    expect(await refund(t.env.db, w, 'again')).toBeNull();
    expect(await refundsOf(w)).toHaveLength(1);
    expect(await journal()).toBe(entries);
    expect(await balance(u.id)).toEqual(['100', '0']);
    const withdrawal = await t.env.db.selectFrom('records').selectAll().where('id', '=', w).executeTakeFirstOrThrow();
    expect(withdrawal.reason).toBe('The network reverted the transfer');

    // Even a withdrawal put back to withdrawing by hand is not refunded twice: the refund's unique
    // ref fails the whole transaction, its ledger post included.
    await expect(
      t.env.db.transaction().execute(async (trx) => {
        await trx.updateTable('records').set({ status: 'withdrawing' }).where('id', '=', w).execute();
        await refundWithdrawal(trx, w, 'twice');
      }),
    ).rejects.toThrow(/records_refund_ref|duplicate|unique/i);
    expect((await refundsOf(w)).map((r) => r.id)).toEqual([first]);
    expect(await journal()).toBe(entries);
    expect(await balance(u.id)).toEqual(['100', '0']);
    await assertBooksBalanced();
  });

  it('is listed under All, Incoming and Outgoing (next to its withdrawal) and in its currency, not under Failed', async () => {
    const u = await makeUser(t.env.db, { usdt: '100' });
    const w = await withdraw(t.env.db, u.id, '10');
    const refundId = String(await refund(t.env.db, w));
    const ids = async (query: Record<string, string>) => (await list(u.token, query)).list.map((r) => r.id);
    expect(await ids({ tab: 'all' })).toContain(refundId);
    expect(await ids({ tab: 'in' })).toContain(refundId);
    expect(await ids({ tab: 'out' })).toEqual([refundId, String(w)]);
    expect(await ids({ tab: 'failed' })).toEqual([String(w)]);
    expect(await ids({ tab: 'all', currency: 'USDT' })).toContain(refundId);
    expect(await ids({ tab: 'all', currency: 'TRX' })).not.toContain(refundId);
  });

  it('migration 017 gives a withdrawal refunded before it its refund record, dated when it failed', async () => {
    const u = await makeUser(t.env.db, { usdt: '100' });
    const w = await withdraw(t.env.db, u.id, '15.5');
    await refund(t.env.db, w);
    // As before migration 017: the ledger refunded it, no record says so, no unique index.
    const failedAt = new Date('2026-05-04T03:02:01Z');
    await t.env.db.updateTable('records').set({ updated_at: failedAt }).where('id', '=', w).execute();
    await t.env.db.deleteFrom('records').where('ref', '=', `refund:${w}`).execute();
    // A failed withdrawal the ledger never refunded (an operator's hand edit) gets nothing.
    const unrefunded = await withdraw(t.env.db, u.id, '10');
    await t.env.db.updateTable('records').set({ status: 'failed' }).where('id', '=', unrefunded).execute();
    await sql`drop index records_refund_ref`.execute(t.env.db);

    await m017.up(t.env.db as unknown as Kysely<unknown>);
    const [made] = await refundsOf(w);
    expect(made).toMatchObject({ type: 'refund', direction: 'in', status: 'success', currency: 'USDT', user_id: u.id });
    expect(dec(made!.amount).toFixed()).toBe('16.5');
    expect(dec(made!.fee).toFixed()).toBe('0');
    expect(made!.created_at.toISOString()).toBe(failedAt.toISOString());
    expect(await refundsOf(unrefunded)).toEqual([]);
    expect((await byId(u.token, w)).refundRecordId).toBe(String(made!.id));
  });
});

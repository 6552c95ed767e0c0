/**
 * Withdrawals an operator decides on: above a channel's approval amount, or beyond what the hot
 * wallet holds, nothing is signed until the operator approves (or the float is topped up); a
 * rejection refunds and tells the user. Held records never crowd out ones that can be paid.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test-support/chain';
import { dec } from '../common/decimal';
import type { Db } from '../db/schema';
import { journalTotals } from '../services/money-moves/ledger';
import { runOps } from '../services/platform/ops';
import { decide } from '../services/withdrawals/approvals';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { backends, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

async function withdraw(db: Db, userId: number, amount: string) {
  const ch = await db.selectFrom('withdraw_channels').selectAll().where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
  const r = await db
    .transaction()
    .execute((trx) => withdrawLocked(trx, userId, ch, { channelId: 'usdt-trc20', address: DEST, amount, tradePassword: 'x' }));
  return Number((r as { id: string | number }).id);
}

const statusOf = async (db: Db, id: number) =>
  (await db.selectFrom('records').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const signedIds = async (db: Db) =>
  (await db.selectFrom('chain_withdrawals').select('record_id').execute()).map((r) => Number(r.record_id));

describe.each(backends)('withdrawals held for an operator, on %s', (backend) => {
  let env: TestEnv;
  let chain: TestChain;
  const ops = (command: string, ...args: string[]) => runOps(env.db, env.config, command, args);
  beforeAll(async () => {
    env = await setupDb(backend, 'holds');
  });
  afterAll(async () => {
    await env.close();
    await chain.close();
  });
  beforeEach(async () => {
    await resetDb(env.db);
    await chain?.close();
    chain = await startTestChain();
  });

  it('above the approval amount: nothing is signed until two finance operators approved; smaller ones are paid meanwhile', async () => {
    await ops('approval-limit', 'usdt-trc20', '50');
    const u = await makeUser(env.db, { usdt: '200' });
    const small = await withdraw(env.db, u.id, '20');
    await chain.settle(env.db, 3);
    const big = await withdraw(env.db, u.id, '60');
    const later = await withdraw(env.db, u.id, '20');
    await chain.settle(env.db, 3);
    expect(await statusOf(env.db, small)).toBe('success');
    expect(await statusOf(env.db, later)).toBe('success');
    expect(await statusOf(env.db, big)).toBe('withdrawing');
    expect(await signedIds(env.db)).toEqual([small, later]);
    expect(await ops('withdrawals')).toMatchObject([
      {
        record: big,
        amount: '60 USDT',
        reason: 'above_approval_amount',
        approved: false,
        approvedBy: [],
        approvalsNeeded: 2,
        // Only what was settled before this withdrawal counts as the user's history with the address.
        paidToAddressBefore: { times: 1 },
        screening: { blocked: false },
      },
    ]);

    // Shell access is no way around the second pair of eyes.
    await expect(ops('approve-withdrawal', String(big))).rejects.toThrow(/two finance operators/);
    const financeOperator = async (email: string) => ({
      email,
      ...((await ops('operator', 'add', email, 'finance')) as { id: string }),
    });
    const [first, second] = [await financeOperator('first@ops.test'), await financeOperator('second@ops.test')];
    const as = (o: { id: string }) => ({ operatorId: o.id, ip: '10.0.0.9' });
    expect(await decide(env.db, big, true, null, as(first))).toMatchObject({ decision: 'waiting', approvals: 1, needed: 2 });
    // The same operator twice is still one pair of eyes.
    await expect(decide(env.db, big, true, null, as(first))).rejects.toThrow(/another finance operator/);
    await chain.settle(env.db, 2);
    expect(await signedIds(env.db)).toEqual([small, later]);
    expect(await ops('withdrawals')).toMatchObject([{ record: big, approvedBy: [{ email: first.email }] }]);

    expect(await decide(env.db, big, true, null, as(second))).toMatchObject({ decision: 'approved', approvals: 2 });
    await chain.settle(env.db);
    expect(await statusOf(env.db, big)).toBe('success');
    expect(chain.usdtOf(DEST)).toBe(100_000_000n);
    expect(await ops('withdrawals')).toEqual([]);
    // A decision is taken once.
    await expect(decide(env.db, big, true, null, as(first))).rejects.toThrow(/no withdrawal/);
    // int8: a string on PostgreSQL, a number on PGlite.
    const audit = (
      await env.db
        .selectFrom('audit_log')
        .select(['operator_id', 'action', 'target', 'ip', 'after'])
        .where('action', 'like', 'withdrawal.%')
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, operator_id: String(r.operator_id) }));
    expect(audit).toEqual([
      {
        operator_id: first.id,
        action: 'withdrawal.approve',
        target: `withdrawal:${big}`,
        ip: '10.0.0.9',
        after: { approvals: 1, needed: 2, decision: 'waiting' },
      },
      {
        operator_id: second.id,
        action: 'withdrawal.approve',
        target: `withdrawal:${big}`,
        ip: '10.0.0.9',
        after: { approvals: 2, needed: 2, decision: 'approved' },
      },
    ]);
  });

  it('a rejection refunds amount and fee, says why on the record and in a message', async () => {
    await ops('approval-limit', 'usdt-trc20', '50');
    const u = await makeUser(env.db, { usdt: '200' });
    const big = await withdraw(env.db, u.id, '60');
    await chain.settle(env.db, 2);
    const decided = (await ops('reject-withdrawal', String(big), 'address', 'under', 'review')) as { refund: number };
    const r = await env.db.selectFrom('records').selectAll().where('id', '=', big).executeTakeFirstOrThrow();
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('The withdrawal was declined: address under review; the amount and fee were refunded');
    const b = await env.db
      .selectFrom('balances')
      .selectAll()
      .where('user_id', '=', u.id)
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect([dec(b.available).toFixed(), dec(b.frozen).toFixed()]).toEqual(['200', '0']);
    // The money coming back has its record: amount + the 1 USDT fee, pointing back to the withdrawal.
    const refunds = await env.db.selectFrom('records').selectAll().where('type', '=', 'refund').execute();
    expect(refunds.map((x) => [x.user_id, x.direction, x.status, dec(x.amount).toFixed(), dec(x.fee).toFixed(), x.ref])).toEqual([
      [u.id, 'in', 'success', '61', '0', `refund:${big}`],
    ]);
    // The operator is told which record refunded it.
    expect(decided.refund).toBe(refunds[0]!.id);
    // A decision is taken once: rejecting again refunds nothing more.
    await expect(ops('reject-withdrawal', String(big), 'again')).rejects.toThrow(/no withdrawal/);
    expect(await env.db.selectFrom('records').select('id').where('type', '=', 'refund').execute()).toHaveLength(1);
    const msg = await env.db.selectFrom('messages').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    // The amount and its unit kept together for right-to-left readers (services/messages/localized.ts).
    expect(msg.content).toContain('\u206660 USDT\u2069 was declined');
    expect(await signedIds(env.db)).toEqual([]);
    for (const [cur, total] of Object.entries(await journalTotals(env.db))) expect(total, cur).toBe('0');
  });

  it('beyond the hot wallet: held unsigned (no doomed transaction), paid once the float is topped up', async () => {
    await chain.close();
    chain = await startTestChain({ TRX: '10000', USDT: '30' });
    const u = await makeUser(env.db, { usdt: '200' });
    const first = await withdraw(env.db, u.id, '25');
    const second = await withdraw(env.db, u.id, '25');
    await chain.settle(env.db, 3);
    // The float pays the first; the second would revert, so it waits.
    expect(await statusOf(env.db, first)).toBe('success');
    expect(await signedIds(env.db)).toEqual([first]);
    expect(await ops('withdrawals')).toMatchObject([{ record: second, reason: 'beyond_hot_wallet' }]);

    chain.devnet.faucet(chain.hot, '100', 'USDT');
    chain.produce(1);
    await chain.settle(env.db);
    expect(await statusOf(env.db, second)).toBe('success');
    expect(chain.usdtOf(DEST)).toBe(50_000_000n);
    expect(await env.db.selectFrom('withdrawal_holds').selectAll().execute()).toEqual([]);
  });

  it('held for the float, then the approval amount lowered below it: one approval is not enough', async () => {
    await chain.close();
    chain = await startTestChain({ TRX: '10000', USDT: '10' });
    const u = await makeUser(env.db, { usdt: '200' });
    const big = await withdraw(env.db, u.id, '60');
    await chain.settle(env.db, 2);
    expect(await ops('withdrawals')).toMatchObject([{ record: big, reason: 'beyond_hot_wallet', approvalsNeeded: 1 }]);
    await ops('approval-limit', 'usdt-trc20', '50');
    expect(await ops('withdrawals')).toMatchObject([{ record: big, approvalsNeeded: 2 }]);
    await expect(ops('approve-withdrawal', String(big))).rejects.toThrow(/two finance operators/);
    const { id } = (await ops('operator', 'add', 'only@ops.test', 'finance')) as { id: string };
    expect(await decide(env.db, big, true, null, { operatorId: id, ip: null })).toMatchObject({ decision: 'waiting', needed: 2 });
  });

  it('the approval amount is checked', async () => {
    await expect(ops('approval-limit', 'usdt-trc20', '1e9')).rejects.toThrow(/decimal/);
    await expect(ops('approval-limit', 'nope', '5')).rejects.toThrow(/no channel/);
    await expect(ops('approval-limit', 'usdt-trc20', 'off')).resolves.toEqual({ channel: 'usdt-trc20', approvalAbove: null });
  });
});

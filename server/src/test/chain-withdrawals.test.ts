/**
 * Withdrawals against the devnet when things go wrong: the network reverts, the transaction expires
 * unseen, the process dies after signing or after broadcasting. Each ends with exactly one on-chain
 * transaction (or none, refunded) and balanced books — on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test-support/chain';
import type { ChainGateway } from '../chain/gateway';
import { hotWallet } from '../chain/keys';
import { dec } from '../common/decimal';
import type { Db } from '../db/schema';
import { ABSENT_CHECKS, EXPIRY_MARGIN_MS, processWithdrawals } from '../jobs/withdrawals';
import { accountBalance, journalTotals, post, userAvailable } from '../services/money-moves/ledger';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { backends, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

async function withdraw(db: Db, userId: number, channelId: string, amount: string) {
  const ch = await db.selectFrom('withdraw_channels').selectAll().where('id', '=', channelId).executeTakeFirstOrThrow();
  const r = await db
    .transaction()
    .execute((trx) => withdrawLocked(trx, userId, ch, { channelId, address: DEST, amount, tradePassword: 'x' }));
  return Number((r as { id: string | number }).id);
}

const recordOf = (db: Db, id: number) => db.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The refund record of withdrawal `id` (services/withdrawals/refund.ts), as type, status and exact amount. */
const refundsOf = async (db: Db, id: number) =>
  (await db.selectFrom('records').selectAll().where('ref', '=', `refund:${id}`).execute()).map((r) => ({
    type: r.type,
    direction: r.direction,
    status: r.status,
    amount: dec(r.amount).toFixed(),
  }));

/** Every on-chain transaction that moved anything to DEST. */
const paymentsTo = (chain: TestChain) =>
  chain.devnet.chain.blocks
    .flatMap((b) => b.txs)
    .filter((t) => t.effects.some(([address, , delta]) => address === DEST && BigInt(delta) > 0n));

describe.each(backends)('withdrawals on the chain, on %s', (backend) => {
  let env: TestEnv;
  let chain: TestChain;
  beforeAll(async () => {
    env = await setupDb(backend, 'chainwd');
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

  async function booksBalanced() {
    for (const [cur, total] of Object.entries(await journalTotals(env.db))) expect(total, cur).toBe('0');
  }

  it('a transfer the network reverts is refunded, with the reason', async () => {
    await chain.close();
    chain = await startTestChain({ TRX: '10000', USDT: '25' });
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '20');
    // Signed while the float could pay it; the node is unreachable for its first broadcast...
    const unreachable: ChainGateway = {
      ...chain.gateway,
      broadcast: async () => ({ ok: false, code: 'NODE_DOWN', message: 'unreachable' }),
    };
    await processWithdrawals(env.db, unreachable);
    // ...and meanwhile the float is spent elsewhere: the TRC-20 call reverts on chain.
    const drain = await chain.gateway.signPayment({
      to: hotWallet('11'.repeat(32)).address,
      currency: 'USDT',
      amount: '10',
      precision: 6,
    });
    expect((await chain.gateway.broadcast(drain)).ok).toBe(true);
    chain.produce(1);
    await env.db
      .updateTable('chain_withdrawals')
      .set({ broadcast_at: new Date(0) })
      .execute();
    await chain.settle(env.db);
    const r = await recordOf(env.db, id);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/reverted.*refunded/);
    expect(chain.devnet.chain.find(r.tx_id!)?.stored.tx.ret?.[0]?.contractRet).toBe('REVERT');
    const b = await env.db
      .selectFrom('balances')
      .selectAll()
      .where('user_id', '=', u.id)
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(dec(b.available).toFixed()).toBe('100');
    expect(dec(b.frozen).toFixed()).toBe('0');
    // The money coming back is a record of its own: amount + the 1 USDT fee.
    expect(await refundsOf(env.db, id)).toEqual([{ type: 'refund', direction: 'in', status: 'success', amount: '21' }]);
    await booksBalanced();
  });

  it('a process that dies after signing, before broadcasting, sends the same transaction once on restart', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '7');
    // The first run signs and stores, then "dies": its broadcast never reaches the node.
    const dying: ChainGateway = { ...chain.gateway, broadcast: () => Promise.reject(new Error('killed')) };
    await expect(processWithdrawals(env.db, dying)).rejects.toThrow('killed');
    const stored = await env.db.selectFrom('chain_withdrawals').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.state).toBe('signed');
    expect((await recordOf(env.db, id)).tx_id).toBe(stored.tx_id);
    chain.produce(3);
    await chain.settle(env.db);
    const r = await recordOf(env.db, id);
    expect(r).toMatchObject({ status: 'success', tx_id: stored.tx_id });
    expect(paymentsTo(chain).map((t) => t.tx.txID)).toEqual([stored.tx_id]);
    await booksBalanced();
  });

  it('a process that dies after broadcasting re-sends the same bytes; the chain keeps one', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '3');
    const forgetful: ChainGateway = { ...chain.gateway, receipt: () => Promise.reject(new Error('killed')) };
    await expect(processWithdrawals(env.db, forgetful)).rejects.toThrow('killed');
    chain.produce(3);
    // On restart the row is re-sent (the node answers DUP_TRANSACTION_ERROR) and followed to its receipt.
    await env.db
      .updateTable('chain_withdrawals')
      .set({ broadcast_at: new Date(0) })
      .execute();
    await chain.settle(env.db);
    expect((await recordOf(env.db, id)).status).toBe('success');
    expect(paymentsTo(chain)).toHaveLength(1);
    await booksBalanced();
  });

  it('a transaction never included before its expiration fails and is refunded, never sent again', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '4');
    const lost: ChainGateway = {
      ...chain.gateway,
      broadcast: async () => ({ ok: false, code: 'NODE_DOWN', message: 'unreachable' }),
    };
    await processWithdrawals(env.db, lost);
    const stored = await env.db.selectFrom('chain_withdrawals').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.last_error).toMatch(/NODE_DOWN/);
    // Time passes on the chain beyond the expiration; the node never saw the transaction. Just past
    // it, nothing is decided: a node's view may lag, so the refund waits for the margin.
    chain.devnet.chain.produce(stored.expires_at.getTime() + 1000);
    chain.produce(3);
    await processWithdrawals(env.db, lost);
    expect((await recordOf(env.db, id)).status).toBe('withdrawing');
    // Past the margin, it must be found absent on ABSENT_CHECKS passes in a row before the refund.
    chain.devnet.chain.produce(stored.expires_at.getTime() + EXPIRY_MARGIN_MS + 1000);
    chain.produce(3);
    for (let pass = 1; pass < ABSENT_CHECKS; pass++) {
      await processWithdrawals(env.db, lost);
      expect((await recordOf(env.db, id)).status, `pass ${pass}`).toBe('withdrawing');
    }
    await processWithdrawals(env.db, lost);
    const r = await recordOf(env.db, id);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/did not include.*refunded/);
    expect(paymentsTo(chain)).toHaveLength(0);
    expect(await refundsOf(env.db, id)).toEqual([{ type: 'refund', direction: 'in', status: 'success', amount: '5' }]);
    // Followed again, the failed withdrawal is left alone: no second refund.
    await processWithdrawals(env.db, lost);
    expect(await refundsOf(env.db, id)).toHaveLength(1);
    await booksBalanced();
  });

  it('a node that lags or keeps no receipts never causes a refund of a transfer that landed', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '4');
    // A load-balanced node: the head from an up-to-date backend, the receipt from one without
    // transaction history (or behind it), which answers "no receipt" for a landed transaction.
    const lagging: ChainGateway = { ...chain.gateway, receipt: async () => null };
    await processWithdrawals(env.db, lagging);
    chain.produce(3);
    await processWithdrawals(env.db, lagging);
    expect(paymentsTo(chain)).toHaveLength(1);
    const stored = await env.db.selectFrom('chain_withdrawals').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow();
    chain.devnet.chain.produce(stored.expires_at.getTime() + EXPIRY_MARGIN_MS + 60_000);
    chain.produce(3);
    for (let pass = 0; pass < ABSENT_CHECKS * 2; pass++) await processWithdrawals(env.db, lagging);
    expect((await recordOf(env.db, id)).status).toBe('withdrawing');
    expect(await refundsOf(env.db, id)).toEqual([]);
    // Once the receipt is there, it settles as paid: one payment, no refund, books equal.
    await processWithdrawals(env.db, chain.gateway);
    expect((await recordOf(env.db, id)).status).toBe('success');
    expect(await refundsOf(env.db, id)).toEqual([]);
    expect(paymentsTo(chain)).toHaveLength(1);
    await booksBalanced();
  });

  it('a transaction the network accepted and then lost is refunded exactly once, and its bytes can never land after', async () => {
    const u = await makeUser(env.db, { usdt: '100' });
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '4');
    await processWithdrawals(env.db, chain.gateway);
    const stored = await env.db.selectFrom('chain_withdrawals').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.state).toBe('broadcast');
    // Accepted by the node, then lost before any block held it.
    chain.devnet.chain.drop(stored.tx_id);
    chain.produce(3);
    await processWithdrawals(env.db, chain.gateway);
    expect((await recordOf(env.db, id)).status, 'before its expiration it may still land: it waits').toBe('withdrawing');
    chain.devnet.chain.produce(stored.expires_at.getTime() + EXPIRY_MARGIN_MS + 1000);
    chain.produce(3);
    for (let pass = 0; pass < ABSENT_CHECKS * 2; pass++) await processWithdrawals(env.db, chain.gateway);
    expect((await recordOf(env.db, id)).status).toBe('failed');
    expect(await refundsOf(env.db, id)).toEqual([{ type: 'refund', direction: 'in', status: 'success', amount: '5' }]);
    // Someone sends the signed bytes again: expired, the chain refuses them, so the refund stands alone.
    expect(await chain.gateway.broadcast(JSON.parse(stored.signed))).toMatchObject({
      ok: false,
      code: 'TRANSACTION_EXPIRATION_ERROR',
    });
    expect(paymentsTo(chain)).toHaveLength(0);
    expect(dec(await accountBalance(env.db, userAvailable(u.id), 'USDT')).toFixed()).toBe('100');
    await booksBalanced();
  });

  it('waits while the hot wallet lacks the TRX a payment burns (the chain’s estimate for that recipient), then pays', async () => {
    await chain.close();
    chain = await startTestChain({ TRX: '10', USDT: '1000' });
    const u = await makeUser(env.db, { usdt: '100' });
    // DEST holds no USDT: the transfer needs 130,285 energy, 13.03 TRX at 100 sun, more than the 10 there.
    const id = await withdraw(env.db, u.id, 'usdt-trc20', '20');
    await processWithdrawals(env.db, chain.gateway);
    const holds = await env.db.selectFrom('withdrawal_holds').select(['record_id', 'reason']).execute();
    expect(holds.map((h) => [Number(h.record_id), h.reason])).toEqual([[id, 'beyond_hot_wallet']]);
    expect(await env.db.selectFrom('chain_withdrawals').select('record_id').execute()).toEqual([]);
    chain.devnet.faucet(chain.hot, '20');
    chain.produce(1);
    await chain.settle(env.db);
    expect((await recordOf(env.db, id)).status).toBe('success');
    expect(chain.usdtOf(DEST)).toBe(20_000_000n);
    await booksBalanced();
  });

  it('pays TRX with a TRX transfer; the recipient gets exactly the amount', async () => {
    const u = await makeUser(env.db);
    await env.db.transaction().execute((trx) =>
      post(trx, `test-fund:${u.id}`, 'TRX', [
        ['system:chain', '-500'],
        [userAvailable(u.id), '500'],
      ]),
    );
    const before = chain.devnet.chain.ledger.account(DEST)?.balance ?? 0n;
    const id = await withdraw(env.db, u.id, 'trx-trc20', '123.456789');
    await chain.settle(env.db);
    expect((await recordOf(env.db, id)).status).toBe('success');
    expect((chain.devnet.chain.ledger.account(DEST)?.balance ?? 0n) - before).toBe(123_456_789n);
    await booksBalanced();
  });
});

/** The demo: a user with balances, records of every type and status, swaps, messages and activities. */
import { createHash } from 'node:crypto';
import type { MessageDescriptor } from '@lingui/core';
import { sql } from 'kysely';
import { must } from '../../../../src/lib/must';
import { devnetFaucet, type Faucet } from '../../chain/faucet';
import { addressFor } from '../../chain/keys';
import { dec } from '../../common/decimal';
import type { Config } from '../../config';
import { transact } from '../../db/index';
import type { Db, Trx } from '../../db/schema';
import { DEMO_ACTIVITY_TEXTS, DEMO_MESSAGE_TEXTS } from '../../i18n/content-texts';
import { creditDeposit, depositAddress } from '../deposits/deposits';
import { createUser } from '../identity/users';
import { inEveryLocale } from '../messages/localized';
import { publish } from '../messages/messages';
import { post, userAvailable } from '../money-moves/ledger';
import { systemBalance } from '../money-moves/running-totals';
import { review } from '../rewards/campaign-review';
import * as activity from '../rewards/campaigns';
import { demoScreenshot } from '../rewards/demo-image';
import { distribute, fundPool } from '../rewards/prize-pool';
import { hashPassword } from '../security/passwords';
import { swapLocked } from '../swap/swap';
import { screenWithdrawals } from '../withdrawals/refund';
import { withdrawLocked } from '../withdrawals/withdraw';
import { blobStoreFor } from './blob-store';
import { BLOCKLIST, seedReference, TSR } from './reference';

/** An outside address the demo already sent to (the browser tests pair it with a lookalike). */
export const DEMO_SENT_TO = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

export const DEMO = { areaCode: '1', phone: '5550100', password: 'Demo1234', tradePassword: '123456' };
export const demoCredentials = () =>
  `Demo user: phone +${DEMO.areaCode} ${DEMO.phone} · password ${DEMO.password} · trade password ${DEMO.tradePassword}`;

const DAY = 86400_000;

const SEED_LOCK_KEY = 727_002;

/**
 * Creates the demo user and its history once. One transaction under an advisory lock: instances
 * starting together wait for one another and find it done, and a crash half-way leaves nothing.
 */
interface DemoActivity {
  partner: string;
  reward: string;
  pool: string;
  /** Days from now to its start (negative: already running) and how many days it runs. */
  startOffset: number;
  days: number;
}

export async function seedDemo(
  db: Db,
  config: Config,
  faucet: Faucet = devnetFaucet(config.tron.fullNode),
): Promise<{ created: boolean; credentials: string }> {
  await seedReference(db, config.tron.contracts);
  return transact(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    return seedDemoOnce(trx, config, faucet);
  });
}

async function seedDemoOnce(db: Trx, config: Config, faucet: Faucet): Promise<{ created: boolean; credentials: string }> {
  const key = `phone:${DEMO.areaCode}:${DEMO.phone}`;
  const existing = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
  if (existing) return { created: false, credentials: demoCredentials() };

  const userId = await createUser(db, {
    type: 'phone',
    accountKey: key,
    areaCode: DEMO.areaCode,
    phone: DEMO.phone,
    passwordHash: await hashPassword(DEMO.password),
    invitedBy: null,
  });
  await db
    .updateTable('users')
    .set({ trade_password_hash: await hashPassword(DEMO.tradePassword), nickname: 'Demo', bio: 'Exploring Tessera' })
    .where('id', '=', userId)
    .execute();
  await db
    .insertInto('wallets')
    .values({ user_id: userId, name: 'Cold storage', network: 'TRC20', address: addressFor(`demo/${userId}/cold`) })
    .execute();

  // Deposits, sent on the devnet from its faucet and credited with their real ids (the deposit
  // watcher will find them credited already); the first activates the account and grants the gift.
  for (const [currency, amount] of [
    ['USDT', '1250.5'],
    ['TRX', '820'],
    [TSR, '4000'],
  ] as const) {
    const to = (await depositAddress(db, userId, currency, 'TRC20')).address;
    const paid = await faucet(to, amount, currency);
    await creditDeposit(db, userId, currency, amount, { ...paid, eventIndex: currency === 'TRX' ? -1 : 0, to });
  }

  await transact(db, async (trx) => {
    const r = await trx
      .insertInto('records')
      .values({
        user_id: userId,
        type: 'airdrop',
        direction: 'in',
        status: 'success',
        currency: TSR,
        network: 'TRC20',
        amount: '50',
        from_address: null,
        to_address: null,
        tx_id: null,
        reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await post(trx, `airdrop:${r.id}`, TSR, [
      ['system:airdrop', dec(-50)],
      [userAvailable(userId), '50'],
    ]);
  });

  // Withdrawals: the chain job sends two from the hot wallet; the blocklisted one fails and is refunded.
  const usdt = await db.selectFrom('withdraw_channels').selectAll().where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
  const w = (address: string, amount: string) =>
    transact(db, (trx) =>
      withdrawLocked(trx, userId, usdt, { channelId: usdt.id, address, amount, tradePassword: DEMO.tradePassword }),
    );
  await w(DEMO_SENT_TO, '120');
  await w(must(BLOCKLIST[1], 'the frozen address').address, '35');
  await screenWithdrawals(db);
  await w(addressFor(`demo/${userId}/friend`), '42.75');

  const pair = (id: string) => db.selectFrom('exchange_pairs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const usdtTsr = await pair('usdt-tsr');
  const tsrUsdt = await pair('tsr-usdt');
  await transact(db, (trx) =>
    swapLocked(trx, userId, usdtTsr, { pairId: usdtTsr.id, amount: '25', tradePassword: DEMO.tradePassword }),
  );
  await transact(db, (trx) =>
    swapLocked(trx, userId, tsrUsdt, { pairId: tsrUsdt.id, amount: '300', tradePassword: DEMO.tradePassword }),
  );

  if (dec(await systemBalance(db, 'system:pool', TSR)).isZero()) await fundPool(db, '250000');
  await distribute(db, config.distributionPeriodSeconds);

  // Activities and participations in review, approved (claimable) and rejected (resubmittable),
  // written in every language the server speaks (so the demo reads in the language it is tried in).
  const now = Date.now();
  const A = DEMO_ACTIVITY_TEXTS;
  const mk = async (texts: { title: MessageDescriptor; summary: MessageDescriptor }, o: DemoActivity) => {
    const { english, translations } = await inEveryLocale((tr) => {
      const values = { partner: o.partner, reward: tr.amount(o.reward), amount: tr.amount('100') };
      const summary = tr.t(texts.summary, values);
      return {
        title: tr.t(texts.title),
        summary,
        content: `${summary}\n\n${tr.t(A.how, values)}`,
        rules: A.rules.map((rule) => tr.t(rule, values)),
      };
    });
    return db
      .insertInto('activities')
      .values({
        ...english,
        rules: JSON.stringify(english.rules),
        translations: JSON.stringify(translations),
        partner_name: o.partner,
        reward_amount: o.reward,
        reward_currency: TSR,
        pool_total: o.pool,
        pool_remaining: o.pool,
        start_at: new Date(now + o.startOffset * DAY),
        end_at: new Date(now + (o.startOffset + o.days) * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const a1 = await mk(A.bitora, { partner: 'Bitora', reward: '200', pool: '100000', startOffset: -3, days: 30 });
  const a2 = await mk(A.nimbus, { partner: 'Nimbus', reward: '80', pool: '40000', startOffset: -1, days: 20 });
  const a3 = await mk(A.lumen, { partner: 'Lumen', reward: '50', pool: '20000', startOffset: -2, days: 10 });
  const screenshot = demoScreenshot();
  await blobStoreFor(config).put('demo0000000000000000000000000000.png', screenshot, 'image/png');
  await db
    .insertInto('uploads')
    .values({
      id: 'demo0000000000000000000000000000',
      user_id: userId,
      mime: 'image/png',
      size: screenshot.length,
      file_name: 'demo0000000000000000000000000000.png',
      sha256: createHash('sha256').update(screenshot).digest('hex'),
    })
    .execute();
  const join = (activityId: number, partnerUid: string) =>
    transact(db, (trx) =>
      activity.participate(trx, userId, {
        activityId: String(activityId),
        partnerUid,
        imageIds: ['demo0000000000000000000000000000'],
      }),
    );
  const p1 = await join(a1.id, 'BTR-88213');
  const p2 = await join(a2.id, 'nimbus_4471');
  await join(a3.id, 'LUM-1029');
  await review(db, Number(p1.id), true, null);
  await review(db, Number(p2.id), false, 'The screenshot does not show the Nimbus user ID');

  const M = DEMO_MESSAGE_TEXTS;
  for (const [texts, popup] of [
    [M.welcome, true],
    [M.security, false],
    [M.maintenance, false],
  ] as const) {
    const { english, translations } = await inEveryLocale((tr) => ({
      title: tr.t(texts.title),
      content: tr.t(texts.content, { minutes: tr.amount('30') }),
    }));
    await publish(db, { ...english, translations }, popup, userId);
  }
  return { created: true, credentials: demoCredentials() };
}

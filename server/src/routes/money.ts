import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import type { Ctx } from '../context';
import { depositAddress } from '../services/deposits/deposits';
import { myWallets, removeWallet } from '../services/wallet/my-wallets';
import { transactions } from '../services/wallet/records';
import { exportRecords } from '../services/wallet/records-export';
import { addressBook } from '../services/withdrawals/address-history';
import { channelDetail, channels, walletCurrencies } from '../services/withdrawals/channels';
import { withdrawFeeFor } from '../services/withdrawals/fee-quote';
import { withdraw } from '../services/withdrawals/withdraw';
import { define, LAUNCH_READ } from './define';

export function moneyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const m = api.money;
  define(app, ctx, m.withdrawChannels, () => channels(db));
  define(app, ctx, m.channelDetail, ({ params }) => channelDetail(db, params.id));
  define(app, ctx, m.transactions, ({ who, query }) => transactions(db, who, query), LAUNCH_READ);
  define(app, ctx, m.exportRecords, async ({ userId, query }) => {
    const { count, csv } = await exportRecords(db, userId, query);
    return { mime: 'text/csv; charset=utf-8', body: csv, headers: { 'x-record-count': String(count) } };
  });
  define(app, ctx, m.addressBook, ({ userId }) => addressBook(db, userId));
  define(app, ctx, m.walletCurrencies, () => walletCurrencies(db));
  define(app, ctx, m.removeWallet, ({ userId, params }) => removeWallet(db, userId, params.id));
  define(app, ctx, m.myWallets, ({ userId }) => myWallets(db, userId));
  define(app, ctx, m.deposit, ({ userId, body }) => depositAddress(db, userId, body.currency, body.network));
  define(app, ctx, m.withdrawFee, ({ query }) => withdrawFeeFor(db, ctx.gateway, query.channelId, query.address));
  define(
    app,
    ctx,
    m.withdraw,
    ({ who, body, idempotencyKey }) => withdraw(db, who, idempotencyKey, body, ctx.config.webauthn, ctx.gateway),
    {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      sessionInStatement: true,
    },
  );
}

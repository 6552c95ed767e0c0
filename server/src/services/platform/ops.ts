/** Operator commands, run by the CLI directly on the database or through the loopback /ops routes. */

import { readFile } from 'node:fs/promises';
import { devnetFaucet } from '../../chain/faucet';
import { createGateway } from '../../chain/gateway';
import { hotWallet } from '../../chain/keys';
import { ErrorCode, fail } from '../../common/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';
import { reconcileNow, releaseSweepHold } from '../custody/reconcile-by-operator';
import { migrateWalletsToBip44 } from '../deposits/bip44-migration';
import { depositAddress, findUserId } from '../deposits/deposits';
import { listSweepHolds } from '../deposits/sweep-holds';
import { resealSecrets } from '../identity/users';
import { broadcast, readTranslations } from '../messages/messages';
import { addOperator } from '../operators/accounts';
import { verifyAudit } from '../operators/audit';
import { liftWithdrawalPause, signOutEverywhere } from '../operators/user-protection';
import { review } from '../rewards/campaign-review';
import { distributeNow } from '../rewards/pool-operations';
import { decide, listAwaitingApproval, setApprovalLimit } from '../withdrawals/approvals';
import { setAppVersion } from './app-version';
import { seedDemo } from './demo-seed';

export const OPS_USAGE = `Usage: npm run ops -- <command>
  outbox [limit]                           latest codes and mails in the local outbox
  faucet <account> <currency> <amount>     devnet only: send coins from the faucet to the account's deposit
                                           address (account: id, "+1 5550100" or e-mail); credited once confirmed
  approve <participationId>                approve a participation in review
  reject <participationId> <reason…>       reject it with a reason (the user may resubmit)
  publish <title> <content> [--popup] [--translations <file.json>]
                                           send a message to every user; the file maps locale ids to
                                           {"title","content"} in that language (ja_JP, de_DE…)
  set-version <x.y.z>                      override /config/app appVersion
  distribute                               run the reward-pool distribution for the current period
  seed                                     create the demo user and data (idempotent)
  expire-tokens <account>                  revoke every session of an account
  lift-hold <account>                      end the withdrawal hold after a security change (support, once
                                           the owner is verified to have made the change)
  reseal-secrets                           seal every stored secret with the first SECRETS_KEY (after a rotation)
  withdrawals                              withdrawals held for a decision or for the hot wallet's float
  approve-withdrawal <recordId>            let a withdrawal held for the float be paid once topped up (above
                                           the approval amount: two finance operators, in the console)
  reject-withdrawal <recordId> <reason…>   refund a held withdrawal and tell the user why
  approval-limit <channelId> <amount|off>  withdrawals above this amount wait for two finance operators
  price <symbol> <usd>                     set a currency's USD price (valuations, the portfolio history)
  sweep-holds                              deposit addresses whose sweep failed on the chain, not swept again
  release-sweep <address>                  sweep that address again (once the cause is fixed)
  reconcile [--full]                       the books against the chain, per currency, with what explains a
                                           difference; --full re-reads every address, not only what changed
  migrate-wallets [batch]                  give users whose wallet predates BIP44 their BIP44 address; the old
                                           one stays watched and swept (run until "left" is 0)
  operator add <email> <role>              a console operator (reviewer, support, finance or admin): prints a
                                           one-time password and the authenticator's otpauth URI, once
  audit verify                             walk the audit log's hash chain; names the first row that broke it`;

export async function runOps(db: Db, config: Config, command: string, args: string[]): Promise<unknown> {
  const missing = () => fail(ErrorCode.BAD_REQUEST, `${command}: missing arguments\n${OPS_USAGE}`);
  const need = (n: number) => {
    if (args.length < n) missing();
  };
  /** The i-th argument (`need` has said which are required). */
  const arg = (i: number): string => args[i] ?? missing();
  switch (command) {
    case 'operator': {
      need(3);
      if (arg(0) !== 'add') missing();
      return addOperator(db, { email: arg(1), role: arg(2) });
    }
    case 'audit': {
      need(1);
      if (arg(0) !== 'verify') missing();
      return verifyAudit(db);
    }
    case 'outbox': {
      const limit = Math.min(Number(args[0] ?? 20) || 20, 200);
      const rows = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, to: r.target, subject: r.subject, body: r.body, at: r.created_at.toISOString() }));
    }
    case 'faucet': {
      need(3);
      const userId = await findUserId(db, arg(0));
      const currency = arg(1).toUpperCase();
      const { address } = await depositAddress(db, userId, currency, 'TRC20');
      const paid = await devnetFaucet(config.tron.fullNode)(address, arg(2), currency);
      return { ...paid, to: address, note: 'credited once the network solidifies it' };
    }
    case 'approve':
    case 'reject': {
      need(command === 'reject' ? 2 : 1);
      if (!/^\d{1,9}$/.test(arg(0))) fail(ErrorCode.BAD_REQUEST, 'participationId must be a number');
      return review(db, Number(arg(0)), command === 'approve', command === 'reject' ? args.slice(1).join(' ') : null);
    }
    case 'publish': {
      const popup = args.includes('--popup');
      const at = args.indexOf('--translations');
      const file = at >= 0 ? args[at + 1] : undefined;
      if (at >= 0 && !file) fail(ErrorCode.BAD_REQUEST, `publish: --translations needs a file\n${OPS_USAGE}`);
      const rest = args.filter((a, i) => a !== '--popup' && (at < 0 || (i !== at && i !== at + 1)));
      if (rest.length < 2) fail(ErrorCode.BAD_REQUEST, `publish: missing arguments\n${OPS_USAGE}`);
      const translations = file ? readTranslations(await readFile(file, 'utf8')) : undefined;
      return {
        recipients: await broadcast(db, { title: rest[0] ?? missing(), content: rest.slice(1).join(' '), translations }, popup),
      };
    }
    case 'set-version':
      need(1);
      return setAppVersion(db, arg(0));
    case 'distribute':
      return distributeNow(db, config.distributionPeriodSeconds);
    case 'seed':
      return seedDemo(db, config);
    case 'lift-hold':
      need(1);
      return liftWithdrawalPause(db, await findUserId(db, arg(0)));
    case 'expire-tokens':
      need(1);
      return signOutEverywhere(db, await findUserId(db, arg(0)));
    case 'reseal-secrets':
      return resealSecrets(db);
    case 'withdrawals':
      return listAwaitingApproval(db);
    case 'approve-withdrawal':
    case 'reject-withdrawal': {
      need(command === 'reject-withdrawal' ? 2 : 1);
      if (!/^\d{1,12}$/.test(arg(0))) fail(ErrorCode.BAD_REQUEST, 'recordId must be a number');
      const approve = command === 'approve-withdrawal';
      return decide(db, Number(arg(0)), approve, approve ? null : args.slice(1).join(' '));
    }
    case 'sweep-holds':
      return listSweepHolds(db);
    case 'release-sweep':
      need(1);
      return releaseSweepHold(db, arg(0));
    case 'approval-limit':
      need(2);
      return setApprovalLimit(db, arg(0), arg(1));
    case 'price': {
      need(2);
      const symbol = arg(0).toUpperCase();
      if (!/^\d{1,12}(\.\d{1,18})?$/.test(arg(1)) || /^0*(\.0*)?$/.test(arg(1)))
        fail(ErrorCode.BAD_REQUEST, 'price: a positive decimal number of USD');
      const r = await db
        .updateTable('currencies')
        .set({ price_usd: arg(1) })
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) fail(ErrorCode.NOT_FOUND, `price: no currency ${symbol}`);
      return { symbol, priceUsd: arg(1) };
    }
    case 'migrate-wallets':
      return migrateWalletsToBip44(db, Math.min(Number(args[0] ?? 500) || 500, 10_000));
    case 'reconcile': {
      if (!config.tron.fullNode) return fail(ErrorCode.BAD_REQUEST, 'No TRON node is configured');
      const gateway = createGateway(config.tron, hotWallet(config.tron.hotWalletKey));
      return reconcileNow(db, gateway, { full: args.includes('--full'), cold: config.tron.coldAddress });
    }
    default:
      return fail(ErrorCode.NOT_FOUND, `unknown command ${command}\n${OPS_USAGE}`);
  }
}

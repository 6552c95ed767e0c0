/**
 * What a signed-in app reads about its user on launch and after each action: the member profile and
 * the wallet. One statement each, the session checked inside it (`readAsMe`).
 */
import { sql } from 'kysely';
import type { Q } from '../db/schema';
import { ErrorCode, fail } from './errors';
import { readAsMe, type Who } from './me';
import { currenciesAt, referenceVersion } from './reference-cache';

function maskAccount(u: { account_type: string; area_code: string | null; phone: string | null; email: string | null }) {
  if (u.account_type === 'phone') {
    const p = u.phone ?? '';
    const shown =
      p.length <= 4 ? p.slice(0, 1) + '*'.repeat(Math.max(p.length - 2, 1)) + p.slice(-1) : `${p.slice(0, 2)}****${p.slice(-2)}`;
    return `+${u.area_code} ${shown}`;
  }
  const [local = '', domain = ''] = (u.email ?? '').split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** One statement: the session and the account it belongs to. */
const memberRow = readAsMe((me) =>
  me
    .selectFrom('me')
    .innerJoin('users as u', 'u.id', 'me.user_id')
    // What the answer shows, no more: the password hashes and secrets (long values, decoded for nothing) stay in the database.
    .select(['u.id', 'u.account_type', 'u.area_code', 'u.phone', 'u.email', 'u.nickname', 'u.bio', 'u.avatar', 'u.socials'])
    .select(['u.invite_code', 'u.activated', 'u.withdrawals_paused_until', 'u.created_at'])
    .select([
      sql<boolean>`u.trade_password_hash is not null`.as('trade_password_set'),
      sql<boolean>`u.google_secret is not null`.as('google_bound'),
    ]),
);

export async function memberInfo(db: Q, who: Who) {
  const [found] = await memberRow(db, who);
  if (!found) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const u = found!;
  return {
    id: String(u.id),
    account: maskAccount(u),
    accountType: u.account_type,
    nickname: u.nickname,
    bio: u.bio,
    avatar: u.avatar,
    socials: u.socials,
    inviteCode: u.invite_code,
    activated: u.activated,
    tradePasswordSet: u.trade_password_set,
    googleBound: u.google_bound,
    withdrawalsPausedUntil:
      u.withdrawals_paused_until && u.withdrawals_paused_until.getTime() > Date.now()
        ? u.withdrawals_paused_until.toISOString()
        : null,
    createdAt: u.created_at.toISOString(),
  };
}

/**
 * The wallet every open app reads on launch and after each action: one statement for the session,
 * the account, its built-in address, its balances (as JSON, in that one row) and the reference
 * version; the currencies come from the process's cache at that version. Balances arrive as
 * canonical decimal text (trim_scale), never as numbers.
 */
const walletRow = readAsMe((me) =>
  me
    .selectFrom('me')
    .innerJoin('users as u', 'u.id', 'me.user_id')
    .innerJoin('wallets as w', (j) => j.onRef('w.user_id', '=', 'u.id').on('w.is_primary', '=', true))
    .select(['u.activated', 'w.name', 'w.address', referenceVersion.as('version')])
    // One row, the balances as [currency, available, frozen] in JSON: a row per balance cost more to
    // send and decode than the statement cost to run.
    .select((eb) =>
      eb
        .selectFrom('balances as b')
        .whereRef('b.user_id', '=', 'u.id')
        .select(
          sql<
            Array<[string, string, string]>
          >`coalesce(json_agg(json_build_array(b.currency, trim_scale(b.available)::text, trim_scale(b.frozen)::text)), '[]')`.as(
            'held',
          ),
        )
        .as('balances'),
    ),
);

export async function walletView(db: Q, who: Who) {
  const [first] = await walletRow(db, who);
  if (!first) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const held = new Map((first!.balances ?? []).map(([currency, available, frozen]) => [currency, { available, frozen }]));
  const currencies = await currenciesAt(db, first!.version);
  return {
    name: first!.name,
    address: first!.address,
    activated: first!.activated,
    assets: currencies.map((c) => ({
      currency: c.symbol,
      name: c.name,
      network: c.network,
      balance: held.get(c.symbol)?.available ?? '0',
      frozen: held.get(c.symbol)?.frozen ?? '0',
      priceUsd: c.priceUsd,
      precision: c.precision,
      contractAddress: c.contractAddress,
    })),
    updatedAt: new Date().toISOString(),
  };
}

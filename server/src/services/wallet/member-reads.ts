/**
 * What a signed-in app reads about its user on launch and after each action: the member profile and
 * the wallet. One statement each, the session checked inside it (`readAsMe`).
 */
import { type Selectable, sql } from 'kysely';
import { must } from '../../../../src/lib/must';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, Q } from '../../db/schema';
import { readAsMe, type Who, type WithMe } from '../identity/me';
import { TSR } from '../platform/reference';
import { currenciesAt, notifiedReferenceVersion, referenceVersion } from '../platform/reference-cache';

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

/** A member row as `memberRow` sends it: the users columns it shows, as JSON (times as ISO text). */
type MemberRow = Pick<
  Selectable<DB['users']>,
  | 'id'
  | 'account_type'
  | 'area_code'
  | 'phone'
  | 'email'
  | 'nickname'
  | 'bio'
  | 'avatar'
  | 'socials'
  | 'invite_code'
  | 'activated'
> & { withdrawals_paused_until: string | null; created_at: string; trade_password_set: boolean; google_bound: boolean };

/**
 * One statement: the session and the account it belongs to, as one JSON text column. On PGlite each
 * column of a row costs its own parse and copy on the database thread and its own structured clone
 * to the server's; fifteen of them cost more than the statement itself.
 */
const memberRow = readAsMe((me) =>
  me
    .selectFrom('me')
    .innerJoin('users as u', 'u.id', 'me.user_id')
    // What the answer shows, no more: the password hashes and secrets (long values, decoded for nothing) stay in the database.
    .select(
      sql<string>`json_build_object(
        'id', u.id, 'account_type', u.account_type, 'area_code', u.area_code, 'phone', u.phone, 'email', u.email,
        'nickname', u.nickname, 'bio', u.bio, 'avatar', u.avatar, 'socials', u.socials, 'invite_code', u.invite_code,
        'activated', u.activated, 'withdrawals_paused_until', u.withdrawals_paused_until, 'created_at', u.created_at,
        'trade_password_set', u.trade_password_hash is not null, 'google_bound', u.google_secret is not null)::text`.as('member'),
    ),
);

export async function memberInfo(db: Q, who: Who) {
  const [found] = await memberRow(db, who);
  if (!found) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const u = JSON.parse(found.member) as MemberRow;
  const pausedUntil = u.withdrawals_paused_until ? new Date(u.withdrawals_paused_until) : null;
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
    withdrawalsPausedUntil: pausedUntil && pausedUntil.getTime() > Date.now() ? pausedUntil.toISOString() : null,
    createdAt: new Date(u.created_at).toISOString(),
  };
}

/**
 * The wallet every open app reads on launch and after each action: one statement of three relations,
 * the session, the user's wallet snapshot (migration 020: activated, the built-in wallet's name
 * and address, every balance but the reward token's as canonical decimal text, kept current by
 * triggers in the transaction that changes them) and the reward token's balance row (migration 044:
 * a distribution changes it for every holder at once), with the reference version where the database
 * does not notify it (`notifiedReferenceVersion`); the currencies come from the process's cache at
 * that version. The snapshot arrives as the JSON text it is stored as and is parsed here, once.
 */
const walletFrom = (me: WithMe) =>
  me
    .selectFrom('me')
    .innerJoin('wallet_snapshots as s', 's.user_id', 'me.user_id')
    .leftJoin('balances as r', (join) => join.onRef('r.user_id', '=', 'me.user_id').on('r.currency', '=', TSR))
    .select([
      's.body',
      sql<string | null>`trim_scale(r.available)::text`.as('reward_available'),
      sql<string | null>`trim_scale(r.frozen)::text`.as('reward_frozen'),
    ]);
const walletRow = readAsMe((me) => walletFrom(me).select(referenceVersion.as('version')));
const walletRowNotified = readAsMe(walletFrom);

/** A wallet snapshot's body: activated, name, address, then [currency, available, frozen] per balance. */
type WalletSnapshot = [activated: boolean, name: string, address: string, held: Array<[string, string, string]>];

interface WalletRow {
  body: string;
  reward_available: string | null;
  reward_frozen: string | null;
  version?: string;
}

export async function walletView(db: Q, who: Who) {
  const notified = notifiedReferenceVersion(db);
  const [first]: WalletRow[] = notified ? await walletRowNotified(db, who) : await walletRow(db, who);
  if (!first) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  const [activated, name, address, balances] = JSON.parse(first.body) as WalletSnapshot;
  const held = new Map(balances.map(([currency, available, frozen]) => [currency, { available, frozen }]));
  // Only from its row: a snapshot written before migration 044 may still list it, as it was then.
  held.delete(TSR);
  if (first.reward_available !== null) held.set(TSR, { available: first.reward_available, frozen: first.reward_frozen ?? '0' });
  // The notified version is read after the statement came back: it is then at least the one that statement saw.
  const currencies = notified
    ? await currenciesAt(db, notified.version, { exactly: true })
    : await currenciesAt(db, must(first.version, "the wallet read's reference version"));
  return {
    name,
    address,
    activated,
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

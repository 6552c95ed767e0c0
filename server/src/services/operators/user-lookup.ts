/**
 * A user as support or finance looks them up (issue 40): found by phone, e-mail, deposit address,
 * transaction id or user id — each through an index, so a lookup costs the same at a million users —
 * and then everything needed to answer "my withdrawal is stuck" side by side: balances, the latest
 * records with their chain transactions, live sessions, devices, holds, and security changes.
 */
import { sql } from 'kysely';
import type { FoundUser } from '../../../../src/contract/console';
import { isValidTronAddress } from '../../../../src/lib/tron/index';
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

const TX_ID = /^[0-9a-fA-F]{64}$/;

/** The users a query names; at most a handful (a phone without its area code may match a few). */
export async function findUsers(db: Q, query: string): Promise<FoundUser<Date>[]> {
  const q = query.trim();
  const users = (by: FoundUser<Date>['by'], ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('users')
          .select(['id', 'account_key as account', 'nickname', 'created_at as createdAt'])
          .where('id', 'in', ids)
          .orderBy('id')
          .limit(20)
          .execute()
          .then((rows) => rows.map((r) => ({ ...r, by })));
  if (/^#?\d{1,9}$/.test(q) && q.startsWith('#')) return users('id', [Number(q.slice(1))]);
  if (TX_ID.test(q)) {
    const rows = await db
      .selectFrom('records')
      .select('user_id')
      .where(sql<string>`lower(tx_id)`, '=', q.toLowerCase())
      .limit(20)
      .execute();
    return users('txId', [...new Set(rows.map((r) => r.user_id))]);
  }
  if (isValidTronAddress(q)) {
    const [deposit, wallet] = await Promise.all([
      db.selectFrom('deposit_addresses').select('user_id').where('address', '=', q).limit(20).execute(),
      db.selectFrom('wallets').select('user_id').where('address', '=', q).where('is_primary', '=', true).limit(20).execute(),
    ]);
    return users('address', [...new Set([...deposit, ...wallet].map((r) => r.user_id))]);
  }
  if (q.includes('@')) {
    const rows = await db.selectFrom('users').select('id').where('account_key', '=', `email:${q.toLowerCase()}`).execute();
    return users(
      'email',
      rows.map((r) => r.id),
    );
  }
  const digits = q.replace(/[\s()+\-:]/g, '');
  if (/^\d{4,19}$/.test(digits)) {
    // "+1 5550100" names its area code; "15550100" may be any split of it, each an account key.
    const spaced = /^\+?(\d{1,4})[\s:-]+([\d\s-]{4,})$/.exec(q);
    const keys = spaced
      ? [`phone:${spaced[1]}:${spaced[2]?.replace(/\D/g, '')}`]
      : [1, 2, 3, 4].filter((k) => digits.length - k >= 4).map((k) => `phone:${digits.slice(0, k)}:${digits.slice(k)}`);
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('account_key', 'in', keys), ...(spaced ? [] : [eb('phone', '=', digits)])]))
      .limit(20)
      .execute();
    return users(
      'phone',
      rows.map((r) => r.id),
    );
  }
  return fail(ErrorCode.BAD_REQUEST, 'Search by phone, e-mail, deposit address, transaction id, or #user id.');
}

/** Everything about one user that support needs, read in one go. */
export async function userDossier(db: Q, userId: number) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'account_key',
      'nickname',
      'created_at',
      'activated',
      'google_bound_at',
      'allowlist_on',
      'allowlist_off_at',
      'withdrawals_paused_until',
      'failed_sign_in_notice_at',
      'locked_at',
      'locked_reason',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return fail(ErrorCode.NOT_FOUND, `no user ${userId}`);
  const [balances, records, sessions, devices, passkeys, held, addresses, wallet] = await Promise.all([
    db
      .selectFrom('balances')
      .select(['currency', 'available', 'frozen'])
      .where('user_id', '=', userId)
      .orderBy('currency')
      .execute(),
    db
      .selectFrom('records as r')
      .leftJoin('withdrawal_holds as h', 'h.record_id', 'r.id')
      .leftJoin('chain_withdrawals as c', 'c.record_id', 'r.id')
      .select([
        'r.id',
        'r.type',
        'r.direction',
        'r.status',
        'r.currency',
        'r.network',
        'r.amount',
        'r.fee',
        'r.to_address',
        'r.tx_id',
        'r.reason',
        'r.created_at',
        'h.reason as held',
        'h.decision',
        'c.state as chainState',
      ])
      .where('r.user_id', '=', userId)
      .orderBy('r.id', 'desc')
      .limit(30)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'client_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('known_devices')
      .select(['device_hash', 'last_seen_at'])
      .where('user_id', '=', userId)
      .orderBy('last_seen_at', 'desc')
      .limit(50)
      .execute(),
    db.selectFrom('passkeys').select(['name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('withdrawal_holds as h')
      .innerJoin('records as r', 'r.id', 'h.record_id')
      .select(['r.id', 'h.reason', 'h.decision', 'h.created_at'])
      .where('r.user_id', '=', userId)
      .where('r.status', '=', 'withdrawing')
      .execute(),
    db.selectFrom('deposit_addresses').select(['currency', 'network', 'address']).where('user_id', '=', userId).execute(),
    // The primary wallet's address is where every currency is deposited (deposit_addresses: older ones).
    db
      .selectFrom('wallets')
      .select(['network', 'address'])
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .execute(),
  ]);
  const now = new Date();
  type SecurityChange = {
    at: Date;
    kind: 'authenticator-bound' | 'passkey-added' | 'allowlist-off' | 'told-of-failed-sign-ins';
    name?: string;
  };
  const securityChanges: SecurityChange[] = [
    ...(user.google_bound_at ? [{ at: user.google_bound_at, kind: 'authenticator-bound' as const }] : []),
    ...passkeys.map((p) => ({ at: p.created_at, kind: 'passkey-added' as const, name: p.name })),
    ...(user.allowlist_off_at ? [{ at: user.allowlist_off_at, kind: 'allowlist-off' as const }] : []),
    ...(user.failed_sign_in_notice_at ? [{ at: user.failed_sign_in_notice_at, kind: 'told-of-failed-sign-ins' as const }] : []),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    user: {
      id: user.id,
      account: user.account_key,
      nickname: user.nickname,
      createdAt: user.created_at,
      activated: user.activated,
      authenticator: user.google_bound_at !== null,
      allowlist: user.allowlist_on,
      locked: user.locked_at ? { at: user.locked_at, reason: user.locked_reason } : null,
    },
    balances: balances.map((b) => ({ currency: b.currency, available: str(b.available), frozen: str(b.frozen) })),
    records: records.map((r) => ({
      id: r.id,
      type: r.type,
      direction: r.direction,
      status: r.status,
      amount: `${str(r.amount)} ${r.currency}`,
      fee: str(r.fee),
      network: r.network,
      to: r.to_address,
      txId: r.tx_id,
      reason: r.reason,
      createdAt: r.created_at,
      held: r.held ? { reason: r.held, decision: r.decision } : null,
      chainState: r.chainState,
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      ip: s.ip,
      userAgent: s.user_agent,
    })),
    devices: devices.map((d) => ({ device: d.device_hash.slice(0, 12), lastSeenAt: d.last_seen_at })),
    holds: {
      withdrawalsPausedUntil:
        user.withdrawals_paused_until && user.withdrawals_paused_until > now ? user.withdrawals_paused_until : null,
      withdrawals: held.map((h) => ({ record: h.id, reason: h.reason, decision: h.decision, since: h.created_at })),
    },
    depositAddresses: [...wallet.map((w) => ({ currency: null, ...w })), ...addresses],
    securityChanges,
  };
}

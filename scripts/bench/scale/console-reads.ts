/**
 * The operator console's reads at full size, for the plan check: one operator of each role with a
 * live session (made just before the check — an operator session ends after 15 idle minutes, and
 * growing the data takes longer), and each console read the way the console asks it, the user
 * lookup by every kind of query included.
 */
import type pg from 'pg';
import { depositAddressOf, HEAVY_USER } from './dataset.ts';

const ROLES = ['reviewer', 'finance', 'admin'] as const;
type Role = (typeof ROLES)[number];
const tokenOf = (role: Role) => `bench-console-${role}-session-token-0123456789abcdef`;

export interface ConsoleRead {
  name: string;
  path: string;
  token: string;
}

/**
 * The operators and their sessions (again after a bench run: their rows are replaced), and an audit
 * log as long as a busy service's (`auditRows`: one row per user, say a year of sign-ins and looks):
 * the log only grows, and its reads must not.
 */
export async function prepareConsole(db: pg.ClientBase, auditRows: number): Promise<void> {
  const { rows: have } = await db.query<{ n: string }>('select count(*)::text as n from audit_log');
  const missing = auditRows - Number(have[0]?.n ?? 0);
  if (missing > 0) {
    // Rows of the bench, not of the chain a real log keeps (nothing here verifies it).
    await db.query(
      `insert into audit_log (at, operator_id, action, target, ip, after, hash)
       select now() - n * interval '30 seconds', null, 'user.view', 'user:' || (n % 100000 + 1), '10.0.0.1', null,
              md5(n::text) || md5((-n)::text)
       from generate_series(1, $1::int) n`,
      [missing],
    );
    // As the growth does: a million rows left to autovacuum would be vacuumed during the reads measured next.
    await db.query('vacuum (analyze) audit_log');
  }
  for (const role of ROLES) {
    const { rows } = await db.query<{ id: string }>(
      `insert into operators (email, role, password_hash, totp_secret)
       values ($1, $2, 'bench-no-sign-in', 'bench-no-sign-in')
       on conflict (email) do update set role = excluded.role
       returning id`,
      [`bench-${role}@scale.test`, role],
    );
    await db.query(
      `insert into operator_sessions (operator_id, token_hash)
       values ($1, encode(sha256(convert_to($2::text, 'UTF8')), 'hex'))
       on conflict (token_hash) do update set last_seen_at = now(), ended_at = null`,
      [rows[0]?.id, tokenOf(role)],
    );
  }
}

export function consoleReads(o: { txId: string }): ConsoleRead[] {
  const as = (role: Role, name: string, path: string) => ({
    name: `console: ${name}`,
    path: `/console/api${path}`,
    token: tokenOf(role),
  });
  const find = (q: string) => `/users?q=${encodeURIComponent(q)}`;
  return [
    as('reviewer', 'overview', '/overview'),
    as('reviewer', 'review queue', '/participations'),
    as('finance', 'withdrawals held', '/withdrawals'),
    as('finance', 'user by txId', find(o.txId)),
    as('finance', 'user by deposit address', find(depositAddressOf(HEAVY_USER))),
    as('finance', 'user by e-mail', find(`bench${HEAVY_USER}@scale.test`)),
    as('finance', 'user by phone', find('+1 5550100')),
    as('finance', 'user by phone without area code', find('5550100')),
    as('finance', 'user by id', find(`#${HEAVY_USER}`)),
    as('finance', "the heavy user's dossier", `/users/${HEAVY_USER}`),
    as('finance', 'books against the chain', '/custody'),
    as('finance', 'reward pool', '/reward-pool'),
    as('admin', 'audit log', '/audit'),
    as('admin', 'operators', '/operators'),
    as('admin', 'service settings', '/service'),
  ];
}

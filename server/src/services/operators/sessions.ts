/**
 * Operator sign-in and sessions. A password and the authenticator's code are both required (a
 * code is good once); a session ends after 15 minutes without a request, after 12 hours in any
 * case, or when its operator (or an admin) ends it. Every sign-in, refused or not, is audited.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError, ErrorCode, fail } from '../../common/errors';
import type { Db, Q } from '../../db/schema';
import type { OperatorRole } from '../../db/schema-console';
import { tokenHash } from '../identity/me';
import { open } from '../platform/secret-box';
import { guard, type Limit } from '../security/lockout';
import { burnVerify, verifyPassword } from '../security/passwords';
import { checkTotp } from '../security/totp';
import { OPERATOR_TOTP_CONTEXT } from './accounts';
import { appendAudit } from './audit';

export const OPERATOR_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_HOURS = 12;

/** A session that is still live (not ended, seen in the last 15 minutes, under 12 hours old), by its table's name in the query. */
const isLive = (s: 's' | 'operator_sessions') => sql<boolean>`${sql.ref(`${s}.ended_at`)} is null
  and ${sql.ref(`${s}.last_seen_at`)} > now() - make_interval(mins => ${OPERATOR_IDLE_MINUTES})
  and ${sql.ref(`${s}.created_at`)} > now() - make_interval(hours => ${OPERATOR_SESSION_HOURS})`;

/**
 * Guesses at an operator's sign-in: 5 from one address, 20 from everywhere together, then the
 * e-mail is locked for 15 minutes (doubling with each further lock), whether or not it names an
 * operator — so a locked answer tells nobody which e-mails exist.
 */
const operatorSignInLimits = (email: string, source: string): Limit[] => [
  { key: `operator-sign-in:${email}@${source}`, max: 5 },
  { key: `operator-sign-in:${email}`, max: 20 },
];

export interface SignedInOperator {
  id: string;
  email: string;
  role: OperatorRole;
  sessionId: string;
}

interface Where {
  ip: string | null;
  userAgent: string | null;
}

export async function signIn(
  db: Db,
  input: { email: string; password: string; code: string },
  where: Where,
): Promise<{ token: string; operator: SignedInOperator }> {
  const email = input.email.trim().toLowerCase();
  const operator = await db
    .selectFrom('operators')
    .select(['id', 'email', 'role', 'password_hash', 'totp_secret', 'totp_last_step', 'disabled_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  const refused = (reason: string) =>
    appendAudit(db, {
      operatorId: operator?.id ?? null,
      action: 'sign-in.refused',
      target: `email:${email}`,
      ip: where.ip,
      after: { reason },
    });
  let step: number | null = null;
  /** Null when both factors are right (and the operator may sign in); else why not, for the audit log. */
  const wrongFactor = async (): Promise<string | null> => {
    if (!operator) {
      await burnVerify(input.password);
      return 'unknown e-mail';
    }
    if (!(await verifyPassword(operator.password_hash, input.password))) return 'wrong password';
    step = await checkTotp(
      open(operator.totp_secret, OPERATOR_TOTP_CONTEXT),
      input.code.trim(),
      operator.totp_last_step === null ? null : Number(operator.totp_last_step),
    );
    if (step === null) return 'wrong authenticator code';
    return operator.disabled_at ? 'disabled' : null;
  };
  let audited = false;
  try {
    await guard(
      db,
      operatorSignInLimits(email, where.ip ?? 'unknown'),
      async () => {
        const reason = await wrongFactor();
        if (reason) {
          await refused(reason);
          audited = true;
        }
        return reason === null;
      },
      { code: ErrorCode.INVALID_CREDENTIALS, msg: 'The e-mail, password or authenticator code is wrong.' },
    );
  } catch (e) {
    // Refused before any factor was checked: the limit was locked already.
    if (!audited && e instanceof ApiError && e.code === ErrorCode.ACCOUNT_LOCKED)
      await refused('locked: too many failed attempts');
    throw e;
  }
  if (!operator || step === null)
    return fail(ErrorCode.INVALID_CREDENTIALS, 'The e-mail, password or authenticator code is wrong.');

  const token = randomBytes(32).toString('base64url');
  const session = await db.transaction().execute(async (tx) => {
    await tx.updateTable('operators').set({ totp_last_step: step }).where('id', '=', operator.id).execute();
    const row = await tx
      .insertInto('operator_sessions')
      .values({
        operator_id: operator.id,
        token_hash: tokenHash(token),
        ip: where.ip,
        user_agent: where.userAgent?.slice(0, 512) ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(tx, {
      operatorId: operator.id,
      action: 'sign-in',
      target: `session:${row.id}`,
      ip: where.ip,
      after: { userAgent: where.userAgent?.slice(0, 200) ?? null },
    });
    return row;
  });
  return { token, operator: { id: operator.id, email: operator.email, role: operator.role, sessionId: session.id } };
}

/** The operator a token belongs to while its session is live (and marks it seen), or null. */
export async function authenticate(db: Q, token: string): Promise<SignedInOperator | null> {
  const row = await db
    .updateTable('operator_sessions as s')
    .from('operators as o')
    .set({ last_seen_at: sql`now()` })
    .whereRef('o.id', '=', 's.operator_id')
    .where('s.token_hash', '=', tokenHash(token))
    .where('o.disabled_at', 'is', null)
    .where(isLive('s'))
    .returning(['o.id', 'o.email', 'o.role', 's.id as sessionId'])
    .executeTakeFirst();
  return row ?? null;
}

export interface OperatorSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** An operator's live sessions, newest first. */
export function listSessions(db: Q, operatorId: string): Promise<OperatorSession[]> {
  return db
    .selectFrom('operator_sessions')
    .select(['id', 'ip', 'user_agent as userAgent', 'created_at as createdAt', 'last_seen_at as lastSeenAt'])
    .where('operator_id', '=', operatorId)
    .where(isLive('operator_sessions'))
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the operator's own sessions (signing out, or revoking another device's). */
export async function endSession(db: Db, by: SignedInOperator, sessionId: string, ip: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const ended = await tx
      .updateTable('operator_sessions')
      .set({ ended_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('operator_id', '=', by.id)
      .where('ended_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) fail(ErrorCode.NOT_FOUND, 'No such session.');
    await appendAudit(tx, {
      operatorId: by.id,
      action: sessionId === by.sessionId ? 'sign-out' : 'session.end',
      target: `session:${sessionId}`,
      ip,
    });
  });
}

/** Every operator, with how many sessions each has open (admin). */
export async function listOperators(db: Db) {
  const rows = await db
    .selectFrom('operators as o')
    .select((eb) => [
      'o.id',
      'o.email',
      'o.role',
      'o.created_at as createdAt',
      'o.disabled_at as disabledAt',
      eb
        .selectFrom('operator_sessions as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.operator_id', '=', 'o.id')
        .where(isLive('s'))
        .as('openSessions'),
    ])
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({ ...r, openSessions: Number(r.openSessions ?? 0) }));
}

/**
 * Operator accounts. The first one, and any other, is created from the CLI
 * (`npm run ops -- operator add <email> <role>`): it prints a one-time password and the
 * authenticator's otpauth URI, shown once, never stored in the clear.
 */
import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { sql } from 'kysely';
import { ErrorCode, fail } from '../../common/errors';
import type { Db } from '../../db/schema';
import type { OperatorRole } from '../../db/schema-console';
import { seal } from '../platform/secret-box';
import { hashPassword } from '../security/passwords';
import { newSecret, otpauthUri } from '../security/totp';
import { appendAudit, auditedAction, type Decider } from './audit';
import { isOperatorRole, OPERATOR_ROLES } from './roles';

export const OPERATOR_TOTP_CONTEXT = 'operator-totp';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewOperator {
  id: string;
  email: string;
  role: OperatorRole;
  /** Shown once; the operator signs in with it. */
  password: string;
  /** For the operator's authenticator app, shown once. */
  otpauth: string;
}

export async function addOperator(
  db: Db,
  input: { email: string; role: string },
  by: { operatorId: string | null; ip?: string | null } = { operatorId: null },
): Promise<NewOperator> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) fail(ErrorCode.BAD_REQUEST, 'An operator needs a valid e-mail address.');
  if (!isOperatorRole(input.role)) fail(ErrorCode.BAD_REQUEST, `The role is one of: ${OPERATOR_ROLES.join(', ')}.`);
  const role = input.role;
  const password = base58.encode(randomBytes(16));
  const secret = newSecret();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) fail(ErrorCode.CONFLICT, 'An operator with this e-mail already exists.');
    const { id } = await tx
      .insertInto('operators')
      .values({ email, role, password_hash: passwordHash, totp_secret: seal(secret, OPERATOR_TOTP_CONTEXT) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(tx, {
      operatorId: by.operatorId,
      action: 'operator.add',
      target: `operator:${id}`,
      ip: by.ip ?? null,
      after: { email, role },
    });
    return { id: String(id), email, role, password, otpauth: otpauthUri(secret, `${email} (console)`) };
  });
}

/**
 * Disables another operator (someone who left, a lost laptop) and ends every session they have.
 * Nobody disables themselves: the last admin cannot lock the team out by mistake.
 */
export function disableOperator(db: Db, operatorId: string, by: Decider) {
  if (by.operatorId === operatorId) fail(ErrorCode.BAD_REQUEST, 'You cannot disable yourself.');
  return auditedAction(db, by, { action: 'operator.disable', target: `operator:${operatorId}` }, async (trx) => {
    const r = await trx
      .updateTable('operators')
      .set({ disabled_at: sql`now()` })
      .where('id', '=', operatorId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) fail(ErrorCode.NOT_FOUND, 'No such operator, or disabled already.');
    const ended = await trx
      .updateTable('operator_sessions')
      .set({ ended_at: sql`now()` })
      .where('operator_id', '=', operatorId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return { disabled: operatorId, sessionsEnded: Number(ended.numUpdatedRows) };
  });
}

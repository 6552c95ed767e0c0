/**
 * Kysely types of the back office (migration 039): operators, their sessions and the audit log.
 * Part of `DB` (schema.ts).
 */
import type { ColumnType } from 'kysely';

type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type TimeNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type BigId = ColumnType<string, never, never>;
type JsonNull = ColumnType<unknown, string | null | undefined, never>;

export type OperatorRole = 'reviewer' | 'support' | 'finance' | 'admin';

export interface ConsoleTables {
  operators: {
    id: BigId;
    email: string;
    role: OperatorRole;
    password_hash: string;
    /** Sealed (secret-box), context "operator-totp". */
    totp_secret: string;
    totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
    created_at: Time;
    disabled_at: TimeNull;
  };
  operator_sessions: {
    id: BigId;
    operator_id: ColumnType<string, string, never>;
    token_hash: string;
    ip: string | null;
    user_agent: string | null;
    created_at: Time;
    last_seen_at: Time;
    ended_at: TimeNull;
  };
  /** Who approved a held withdrawal (migration 041): one row per operator and record. */
  withdrawal_approvals: {
    record_id: number;
    operator_id: string;
    at: Time;
  };
  /** Only ever added to (migration 039's trigger); each row's hash covers the previous one's. */
  audit_log: {
    id: BigId;
    at: Time;
    operator_id: ColumnType<string | null, string | null, never>;
    action: string;
    target: ColumnType<string | null, string | null | undefined, never>;
    ip: ColumnType<string | null, string | null | undefined, never>;
    before: JsonNull;
    after: JsonNull;
    hash: ColumnType<string, string, never>;
  };
}

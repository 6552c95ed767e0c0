/**
 * Kysely types of the tables behind passwordless sign-in and the owner's protections (migration
 * 019): passkeys, the WebAuthn challenges handed out, and the devices that signed in before. Part
 * of `DB` (schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type TimeNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SignInTables {
  /** Devices that signed in to an account: a hash of their cookie's id (migration 019). */
  known_devices: { user_id: number; device_hash: string; last_seen_at: Time };
  /** A user's passkeys (migration 019). */
  passkeys: {
    id: Generated<number>;
    user_id: number;
    /** base64url, as WebAuthn names it. */
    credential_id: string;
    public_key: Uint8Array;
    counter: ColumnType<string, number | undefined, number>;
    transports: ColumnType<string[], string[] | undefined, string[]>;
    name: string;
    backed_up: Generated<boolean>;
    created_at: Time;
    last_used_at: TimeNull;
  };
  /** Challenges handed out for a WebAuthn ceremony, each good once (migration 019). */
  webauthn_challenges: {
    id: string;
    challenge: string;
    purpose: 'register' | 'sign-in' | 'transfer';
    user_id: number | null;
    expires_at: Time;
  };
}

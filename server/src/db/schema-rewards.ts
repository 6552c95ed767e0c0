/**
 * Kysely types of the rewards: the prize pool's distributions, their shares and the batches still
 * to pay (migrations 033, 037), and the partner campaigns with their participations and the
 * screenshots uploaded for them.
 * Part of `DB` (schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type TimeNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** An activity's texts in one language. */
export interface ActivityTexts {
  title: string;
  summary: string;
  content: string;
  rules: string[];
}

export interface RewardTables {
  distributions: {
    id: Generated<number>;
    period_start: Time;
    total: Num;
    paid: Num;
    created_at: Time;
    /** The TSR held when the shares were computed; null on distributions before migration 033. */
    held_total: ColumnType<string | null, string | null | undefined, string | null>;
    /** When its last share was paid; null while it is under way. */
    paid_out_at: TimeNull;
  };
  distribution_shares: {
    id: Generated<number>;
    distribution_id: number;
    user_id: number;
    amount: Num;
    holding_ratio: Num;
    created_at: Time;
  };
  /** A run of a distribution's holders still to pay, in one transaction by one payer (migration 037). */
  distribution_batches: { distribution_id: number; first_user: number; last_user: number };
  uploads: {
    id: string;
    user_id: number;
    mime: string;
    size: number;
    file_name: string;
    /** Hex SHA-256 of the bytes (migration 040); null for uploads made before. */
    sha256: ColumnType<string | null, string | null | undefined, never>;
    created_at: Time;
  };
  activities: {
    id: Generated<number>;
    title: string;
    summary: string;
    content: string;
    rules: Json<string[]>;
    /** locale id → the same texts in that language (migration 016). */
    translations: ColumnType<Record<string, ActivityTexts>, string | undefined, string>;
    partner_name: string;
    reward_amount: Num;
    reward_currency: string;
    pool_total: Num;
    pool_remaining: Num;
    start_at: Time;
    end_at: Time;
    created_at: Time;
  };
  participations: {
    id: Generated<number>;
    activity_id: number;
    user_id: number;
    partner_uid: string;
    image_ids: Json<string[]>;
    status: 'review' | 'approved' | 'rejected' | 'claimed';
    reason: string | null;
    created_at: Time;
    updated_at: Time;
  };
}

/**
 * Kysely types of the tables that tell the user what happened and keep what they saved: live
 * events (migration 012), messages, push subscriptions and their outbox (013), contacts (014) and
 * the price history behind the portfolio chart (015). Part of `DB` (schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

/** A message's texts in one language. */
export interface MessageTexts {
  title: string;
  summary: string;
  content: string;
}

export interface NoticeTables {
  /** Each user's last live-event number (migration 012). */
  live_cursors: { user_id: number; seq: ColumnType<string, number, number> };
  /** What changed for a user in one transaction, numbered at commit in the user's own sequence (migration 012). */
  live_events: {
    user_id: number;
    /** Given at commit (null only inside the transaction that raised it). */
    seq: ColumnType<string | null, never, number>;
    xact: ColumnType<string, number, number>;
    topics: string[];
    /** Fires the numbering at commit: one row per statement that noted events (migration 036). */
    numbers: Generated<boolean>;
    created_at: Time;
  };
  /** Each currency's USD price per UTC day, recorded on every change (migration 015). */
  price_history: { currency: string; day: ColumnType<string, string, string>; price_usd: Num };
  /** The labelled address book; `usable_at`: when the allowlist lets withdrawals go there (migration 014). */
  contacts: {
    id: Generated<number>;
    user_id: number;
    label: string;
    address: string;
    network: string;
    created_at: Generated<Date>;
    usable_at: Date;
  };
  /** A device's Web Push subscription, valid while the session that made it is (migration 013). */
  push_subscriptions: {
    id: Generated<number>;
    user_id: number;
    session_token_hash: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    locale: string;
    created_at: Generated<Date>;
    renewed_at: Generated<Date>;
  };
  /** A notification still to send, written by triggers with the change it announces (migration 013). */
  push_outbox: {
    id: Generated<string>;
    user_id: number;
    kind: string;
    record_id: number | null;
    attempts: Generated<number>;
    lease_until: Generated<Date>;
    created_at: Generated<Date>;
  };
  messages: {
    id: Generated<number>;
    user_id: number;
    title: string;
    summary: string;
    content: string;
    /** locale id → the same texts in that language (migration 016). */
    translations: ColumnType<Record<string, MessageTexts>, string | undefined, string>;
    popup: Generated<boolean>;
    read: Generated<boolean>;
    deleted: Generated<boolean>;
    created_at: Time;
  };
}

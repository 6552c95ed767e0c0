/**
 * Kysely types of the tables that follow the chain: deposits credited and shown while confirming
 * (migrations 007, 010) and the watcher's cursors, sweeps, top-ups and cold moves with their checks
 * and holds (008, 024, 025, 028), withdrawals signed and held (006, 009, 023), and the
 * reconciliation's holdings and reports (027).
 * Part of `DB` (schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChainTables {
  chain_holdings: { address: string; currency: string; units: string; read_at: ColumnType<Date, Date | undefined, Date> };
  /** The sum of `chain_holdings` per currency, kept by a trigger (migration 045). */
  chain_holding_totals: { currency: string; units: string };
  reconciliations: {
    id: Generated<number>;
    started_at: Time;
    full_read: boolean;
    through_record_id: number;
    balanced: boolean;
    report: ColumnType<unknown, string, string>;
  };
  chain_deposits: { tx_id: string; event_index: number; record_id: number | null; created_at: Time };
  pending_deposits: {
    tx_id: string;
    event_index: number;
    record_id: number;
    block_number: ColumnType<string, number, number>;
    created_at: Time;
  };
  chain_cursors: { name: string; block_number: ColumnType<string, number, number>; updated_at: Time };
  /** Deposit addresses the sweep planner has yet to look at, with their newest credited deposit (migration 034). */
  sweep_due: {
    address: string;
    through_record_id: ColumnType<number, number, number>;
  };
  sweep_holds: {
    address: string;
    reason: string;
    tx_id: string;
    held_at: Generated<Date>;
  };
  chain_sweeps: {
    id: Generated<number>;
    kind: 'topup' | 'sweep' | 'cold';
    address: string;
    currency: string;
    amount: Num;
    tx_id: string;
    signed: string;
    expires_at: Date;
    state: 'signed' | 'broadcast' | 'done';
    result: string | null;
    broadcast_at: Date | null;
    last_error: string | null;
    block_number: ColumnType<string | null, number | null | undefined, number | null>;
    fee_sun: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Time;
    updated_at: Time;
  };
  withdrawal_holds: {
    record_id: number;
    reason: 'above_approval_amount' | 'beyond_hot_wallet';
    decision: 'approved' | 'rejected' | null;
    decided_at: Date | null;
    created_at: Time;
  };
  chain_withdrawals: {
    record_id: number;
    tx_id: string;
    /** The signed transaction's JSON, exactly as it is (re)broadcast. */
    signed: string;
    expires_at: Date;
    state: 'signed' | 'broadcast' | 'done';
    broadcast_at: Date | null;
    last_error: string | null;
    block_number: ColumnType<string | null, number | null | undefined, number | null>;
    fee_sun: ColumnType<string | null, string | null | undefined, string | null>;
    /** Consecutive checks that found it absent from the solidified chain past its expiration (migration 023). */
    absent_checks: ColumnType<number, number | undefined, number>;
    created_at: Time;
    updated_at: Time;
  };
}

import { type Kysely, sql } from 'kysely';

/**
 * The reconciliation's incremental run reads the addresses of chain moves that are open or changed
 * since its last run (`state <> 'done' or updated_at >= …`). The open ones have their partial index
 * (migration 008); the changed ones had none, so every run read every sweep and top-up ever made. With
 * this index the two halves are two index scans, whatever the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index chain_sweeps_updated on chain_sweeps (updated_at)`.execute(db);
}

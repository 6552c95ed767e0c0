/**
 * Test support: empties every application table between tests. The table list is typed against the
 * schema, so a new table that is not listed here fails the typecheck.
 */
import { sql } from 'kysely';
import type { DB, Db } from '../src/db/schema';

export async function truncateAll(db: Db): Promise<void> {
  const tables = Object.keys(migrationsTables());
  await sql.raw(`truncate ${tables.join(', ')} restart identity cascade`).execute(db);
}

function migrationsTables(): Record<keyof DB, true> {
  return {
    users: true,
    live_cursors: true,
    live_events: true,
    push_subscriptions: true,
    push_outbox: true,
    contacts: true,
    price_history: true,
    lockouts: true,
    server_secrets: true,
    sessions: true,
    passkeys: true,
    known_devices: true,
    webauthn_challenges: true,
    verification_codes: true,
    spent_challenges: true,
    rate_limits: true,
    outbox: true,
    settings: true,
    currencies: true,
    balances: true,
    journal: true,
    withdraw_channels: true,
    records: true,
    chain_withdrawals: true,
    chain_deposits: true,
    chain_cursors: true,
    chain_sweeps: true,
    withdrawal_holds: true,
    pending_deposits: true,
    idempotency_keys: true,
    deposit_addresses: true,
    wallets: true,
    address_blocklist: true,
    reference_version: true,
    exchange_pairs: true,
    swaps: true,
    distributions: true,
    distribution_shares: true,
    uploads: true,
    activities: true,
    participations: true,
    messages: true,
  };
}

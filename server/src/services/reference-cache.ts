/**
 * Reference data each server process keeps in memory: read once per version of `reference_version`
 * (migration 011), which triggers bump in the transaction that changes a currency, channel, pair or
 * blocklist entry. A request reads the version in its own statement and passes it here; the cached
 * copy serves while it is at least that new. So a price an operator changes on one instance is what
 * every instance shows from the next request on — no TTL window, no message bus to lose — and the
 * cost on the hot path is one more column in a statement the request makes anyway.
 */
import { sql } from 'kysely';
import type { Q } from '../db/schema';
import { str } from './decimal';

export interface CurrencyRef {
  symbol: string;
  name: string;
  network: string;
  precision: number;
  contractAddress: string | null;
  priceUsd: string;
}

interface Snapshot {
  version: bigint;
  currencies: CurrencyRef[];
}

/** One snapshot per database handle: test files and tools may open several in one process. */
const snapshots = new WeakMap<object, Snapshot>();

/** The version as a statement selects it: `(select version from reference_version)`. */
export const referenceVersion = sql<string>`(select version from reference_version)`;

/** The currencies in display order as of `seen` (a version read by the caller), or newer. */
export async function currenciesAt(db: Q, seen: string | bigint): Promise<CurrencyRef[]> {
  const cached = snapshots.get(db);
  if (cached && cached.version >= BigInt(seen)) return cached.currencies;
  const rows = await db
    .selectFrom('reference_version as v')
    .leftJoin('currencies as c', (j) => j.onTrue())
    .select(['v.version', 'c.symbol', 'c.name', 'c.network', 'c.precision', 'c.contract_address', 'c.price_usd'])
    .orderBy('c.sort')
    .execute();
  const version = BigInt(rows[0]?.version ?? 0);
  const currencies = rows
    .filter((r) => r.symbol !== null)
    .map((r) => ({
      symbol: r.symbol!,
      name: r.name!,
      network: r.network!,
      precision: r.precision!,
      contractAddress: r.contract_address,
      priceUsd: str(r.price_usd!),
    }));
  const latest = snapshots.get(db);
  if (!latest || latest.version < version) snapshots.set(db, { version, currencies });
  return currencies;
}

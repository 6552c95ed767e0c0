/**
 * Reference data each server process keeps in memory: read once per version of `reference_version`
 * (migration 011), which triggers bump in the transaction that changes a currency, channel, pair or
 * blocklist entry. A request reads the version in its own statement and passes it here; the cached
 * copy serves while it is at least that new. So a price an operator changes on one instance is what
 * every instance shows from the next request on — no TTL window, no message bus to lose — and the
 * cost on the hot path is one more column in a statement the request makes anyway.
 *
 * The embedded database needs not even that column: its one session is the only one (one server
 * process owns the data directory), and it hears the `reference_version` notification a change
 * sends (migration 021) before the answer to the statement that committed it, and so before the
 * answer to any later statement. A read that takes the notified version after its own statement
 * has come back is as exact as one that selected it (`notifiedReferenceVersion`).
 */
import { sql } from 'kysely';
import { mustAll } from '../../../../src/lib/must';
import { str } from '../../common/decimal';
import { isEmbedded, listen } from '../../db/index';
import type { Q } from '../../db/schema';

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

/** The version the embedded database last notified: read `version` after the statement it follows. */
export interface NotifiedVersion {
  version: bigint;
}

const watches = new WeakMap<object, NotifiedVersion | 'starting' | 'failed'>();

/**
 * For the embedded database, the reference version as its session has been notified of it (the
 * watch starts on first use); null where a read must select the version in its statement:
 * PostgreSQL, where another instance's notification may still be on its way, and PGlite until
 * the watch is up.
 */
export function notifiedReferenceVersion(db: Q): NotifiedVersion | null {
  const watch = watches.get(db);
  if (watch === undefined && isEmbedded(db)) {
    watches.set(db, 'starting');
    watchReferenceVersion(db).then(
      (w) => watches.set(db, w),
      () => watches.set(db, 'failed'),
    );
  }
  return typeof watch === 'object' ? watch : null;
}

/** LISTEN first, then read the version: a change committed after the read is notified, one before it is read. */
async function watchReferenceVersion(db: Q): Promise<NotifiedVersion> {
  const watch: NotifiedVersion = { version: 0n };
  let schema: string | null = null;
  let notified: bigint | null = null;
  await listen(
    db as Parameters<typeof listen>[0],
    'reference_version',
    (payload) => {
      const at = payload.lastIndexOf(':');
      if (schema !== null && payload.slice(0, at) !== schema) return;
      // One session: notifications arrive in commit order, so the last one is the version now.
      notified = BigInt(payload.slice(at + 1));
      watch.version = notified;
    },
    () => undefined,
  );
  const { rows } = await sql<{ schema: string; version: string }>`
    select current_schema() as schema, (select version from reference_version) as version`.execute(db);
  schema = rows[0]?.schema ?? 'public';
  if (notified === null) watch.version = BigInt(rows[0]?.version ?? 0);
  return watch;
}

/**
 * The currencies in display order as of `seen` (a version read by the caller), or newer; with
 * `exactly`, as of that version only (a notified version is the embedded database's current one,
 * and a test that empties the tables restarts the sequence behind it).
 */
export async function currenciesAt(db: Q, seen: string | bigint, { exactly = false } = {}): Promise<CurrencyRef[]> {
  const cached = snapshots.get(db);
  const wanted = BigInt(seen);
  if (cached && (exactly ? cached.version === wanted : cached.version >= wanted)) return cached.currencies;
  const rows = await db
    .selectFrom('reference_version as v')
    .leftJoin('currencies as c', (j) => j.onTrue())
    .select(['v.version', 'c.symbol', 'c.name', 'c.network', 'c.precision', 'c.contract_address', 'c.price_usd'])
    .orderBy('c.sort')
    .execute();
  const version = BigInt(rows[0]?.version ?? 0);
  // A LEFT JOIN: a version with no currencies yet has one row of nulls; a currency has every column.
  const currencies = rows
    .filter((r) => r.symbol !== null)
    .map((r) => {
      const c = mustAll(
        { symbol: r.symbol, name: r.name, network: r.network, precision: r.precision, priceUsd: r.price_usd },
        'a currency',
      );
      return { ...c, contractAddress: r.contract_address, priceUsd: str(c.priceUsd) };
    });
  const latest = snapshots.get(db);
  if (!latest || latest.version < version || exactly) snapshots.set(db, { version, currencies });
  return currencies;
}

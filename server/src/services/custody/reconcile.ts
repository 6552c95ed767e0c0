/**
 * The books against the chain: what every address the server controls holds on the chain (the hot
 * wallet, the cold address, every deposit address that received something), per currency, against
 * what the books say they hold (minus `system:chain`). What is on its way explains a difference —
 * a deposit shown while it confirms (on the chain, not yet credited), a withdrawal or a sweep the
 * chain has executed but the jobs have not settled yet (its amount gone, its TRX burnt) — and
 * anything beyond that is reported, with those transactions beside it.
 *
 * A run re-reads only the addresses something happened to since the one before (a deposit record,
 * a top-up or sweep) plus the hot and cold wallets, and takes the rest from `chain_holdings` through
 * its per-currency totals: its node calls and its reads follow activity, not the number of addresses
 * ever issued. `full` re-reads every address.
 */
import { sql } from 'kysely';
import type { ChainGateway } from '../../chain/gateway';
import { dec, str } from '../../common/decimal';
import { DONE } from '../../db/literals';
import type { Db } from '../../db/schema';
import { systemBalance } from '../money-moves/running-totals';

export interface InFlight {
  kind: 'deposit' | 'withdrawal' | 'topup' | 'sweep' | 'cold';
  /** The record (deposit, withdrawal) or the chain_sweeps row (top-up, sweep). */
  id: number;
  txId: string | null;
  currency: string;
  /** What it adds to the chain's side that the books do not have yet (negative: taken away). */
  effect: string;
}

export interface CurrencyReconciliation {
  currency: string;
  /** What the books say the server's addresses hold: minus `system:chain`. */
  books: string;
  /** What the chain says they hold. */
  chain: string;
  /** The part of chain − books that transactions on their way explain. */
  inFlight: string;
  /** chain − books − inFlight: zero when the books equal the chain. */
  unexplained: string;
}

export interface Reconciliation {
  at: string;
  full: boolean;
  addressesRead: number;
  balanced: boolean;
  currencies: CurrencyReconciliation[];
  inFlight: InFlight[];
}

/** Addresses to read: everything (`full`), or what something happened to since the last run. */
async function addressesToRead(db: Db, since: { through_record_id: number; started_at: Date } | undefined, full: boolean) {
  const deposits = db
    .selectFrom('records')
    .select('to_address as address')
    .where('type', '=', 'deposit')
    .where('internal', '=', false)
    .where('to_address', 'is not', null)
    .$if(!full && since !== undefined, (q) => q.where('id', '>', since?.through_record_id ?? 0));
  const moves = db
    .selectFrom('chain_sweeps')
    .select('address')
    .$if(!full && since !== undefined, (q) =>
      q.where((eb) => eb.or([eb('state', '<>', DONE), eb('updated_at', '>=', since?.started_at ?? new Date(0))])),
    );
  const rows = await deposits.union(moves).execute();
  return rows.flatMap((r) => (r.address ? [r.address] : []));
}

/** Reads each address's balance of each currency from the chain into `chain_holdings`. */
async function readHoldings(db: Db, gateway: ChainGateway, addresses: string[], currencies: string[]) {
  for (const address of addresses)
    for (const currency of currencies) {
      const units = (await gateway.balanceOf(address, currency)).toString();
      await db
        .insertInto('chain_holdings')
        .values({ address, currency, units, read_at: new Date() })
        .onConflict((oc) => oc.columns(['address', 'currency']).doUpdateSet({ units, read_at: new Date() }))
        .execute();
    }
}

/** What is on its way between the chain and the books, each with its effect on the chain's side. */
async function inFlight(db: Db, gateway: ChainGateway): Promise<InFlight[]> {
  const out: InFlight[] = [];
  // A deposit shows as confirming only beside its pending_deposits row (jobs/pending-deposits.ts),
  // which goes when it is credited or dropped: found from there, not by a pass over every record.
  const confirming = await db
    .selectFrom('pending_deposits as p')
    .innerJoin('records as r', 'r.id', 'p.record_id')
    .select(['r.id', 'r.tx_id', 'r.currency', 'r.amount'])
    .where('r.type', '=', 'deposit')
    .where('r.status', '=', 'confirming')
    .execute();
  for (const r of confirming)
    out.push({ kind: 'deposit', id: r.id, txId: r.tx_id, currency: r.currency, effect: str(dec(r.amount)) });
  const withdrawals = await db
    .selectFrom('chain_withdrawals as c')
    .innerJoin('records as r', 'r.id', 'c.record_id')
    .select(['r.id', 'c.tx_id', 'r.currency', 'r.amount'])
    .where('c.state', '<>', DONE)
    .execute();
  for (const w of withdrawals) {
    const receipt = await gateway.executed(w.tx_id);
    if (!receipt) continue;
    if (receipt.result === 'SUCCESS')
      out.push({ kind: 'withdrawal', id: w.id, txId: w.tx_id, currency: w.currency, effect: str(dec(w.amount).neg()) });
    if (receipt.feeSun)
      out.push({ kind: 'withdrawal', id: w.id, txId: w.tx_id, currency: 'TRX', effect: str(dec(receipt.feeSun).div(1e6).neg()) });
  }
  const moves = await db.selectFrom('chain_sweeps').select(['id', 'kind', 'tx_id']).where('state', '<>', DONE).execute();
  for (const m of moves) {
    const receipt = await gateway.executed(m.tx_id);
    if (receipt?.feeSun)
      out.push({ kind: m.kind, id: m.id, txId: m.tx_id, currency: 'TRX', effect: str(dec(receipt.feeSun).div(1e6).neg()) });
  }
  return out;
}

/**
 * One reconciliation, stored in `reconciliations`: reads the chain (see the header), then the books
 * and what is on its way. `cold`: the configured cold address, counted with the hot wallet.
 */
export async function reconcile(
  db: Db,
  gateway: ChainGateway,
  { full = false, cold }: { full?: boolean; cold?: string | undefined } = {},
): Promise<Reconciliation> {
  const startedAt = new Date();
  const last = await db
    .selectFrom('reconciliations')
    .select(['through_record_id', 'started_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const throughRecord = Number(
    (
      await db
        .selectFrom('records')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
  const currencies = await db.selectFrom('currencies').select(['symbol', 'precision']).execute();
  const symbols = currencies.map((c) => c.symbol);
  const read = [...new Set([gateway.hotWallet, ...(cold ? [cold] : []), ...(await addressesToRead(db, last, full || !last))])];
  await readHoldings(db, gateway, read, symbols);
  const moving = await inFlight(db, gateway);
  // Kept as chain_holdings changes (migration 045): one row per currency, however many addresses.
  const held = await db
    .selectFrom('chain_holding_totals')
    .select(['currency', sql<string>`units::text`.as('units')])
    .execute();
  const report: CurrencyReconciliation[] = [];
  for (const c of currencies) {
    const chain = dec(held.find((h) => h.currency === c.symbol)?.units ?? 0).div(dec(10).pow(c.precision));
    const books = dec(await systemBalance(db, 'system:chain', c.symbol)).neg();
    const coming = moving.filter((m) => m.currency === c.symbol).reduce((sum, m) => sum.plus(m.effect), dec(0));
    report.push({
      currency: c.symbol,
      books: str(books),
      chain: str(chain),
      inFlight: str(coming),
      unexplained: str(chain.minus(books).minus(coming)),
    });
  }
  const balanced = report.every((r) => dec(r.unexplained).isZero());
  const result: Reconciliation = {
    at: startedAt.toISOString(),
    full: full || !last,
    addressesRead: read.length,
    balanced,
    currencies: report,
    inFlight: moving,
  };
  await db
    .insertInto('reconciliations')
    .values({
      started_at: startedAt,
      full_read: result.full,
      through_record_id: throughRecord,
      balanced,
      report: JSON.stringify(result),
    })
    .execute();
  return result;
}

/**
 * Ledger invariants read straight from the database (after the server stopped): returns the list of
 * problems, empty when the books are sound.
 * - the journal sums to zero per currency;
 * - every balance row equals the journal sums of its `available` and `frozen` accounts (and no user
 *   account has journal entries without a balance row);
 * - every withdraw record has exactly one debit entry (2 rows) and every swap exactly 4 rows, and no
 *   journal entry points at a missing record or swap (no half-applied transfer);
 * - no idempotency key is left without its stored response.
 */
import { sql } from 'kysely';
import { dec } from '../src/common/decimal';
import type { Db } from '../src/db/schema';

export async function bookProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const totals = await db
    .selectFrom('journal')
    .select(['currency', sql<string>`sum(amount)`.as('t')])
    .groupBy('currency')
    .execute();
  for (const t of totals) if (!dec(t.t).isZero()) problems.push(`journal ${t.currency} sums to ${t.t}`);

  const sums = await db
    .selectFrom('journal')
    .select(['account', 'currency', sql<string>`sum(amount)`.as('s')])
    .where('account', 'like', 'user:%')
    .groupBy(['account', 'currency'])
    .execute();
  const journalOf = new Map(sums.map((s) => [`${s.account}|${s.currency}`, dec(s.s)]));
  const balances = await db.selectFrom('balances').select(['user_id', 'currency', 'available', 'frozen']).execute();
  const seen = new Set<string>();
  for (const b of balances) {
    for (const col of ['available', 'frozen'] as const) {
      const k = `user:${b.user_id}:${col}|${b.currency}`;
      seen.add(k);
      const j = journalOf.get(k) ?? dec(0);
      if (!j.eq(b[col])) problems.push(`balance ${k} is ${b[col]} but the journal says ${j.toFixed()}`);
      if (dec(b[col]).isNeg()) problems.push(`balance ${k} is negative: ${b[col]}`);
    }
  }
  for (const [k, v] of journalOf)
    if (!seen.has(k) && !v.isZero()) problems.push(`journal ${k} = ${v.toFixed()} has no balance row`);

  const refRows = await db
    .selectFrom('journal')
    .select(['ref', sql<string>`count(*)`.as('n')])
    .where((eb) => eb.or([eb('ref', 'like', 'withdraw:%'), eb('ref', 'like', 'swap:%')]))
    .groupBy('ref')
    .execute();
  const refs = new Map(refRows.map((r) => [r.ref, Number(r.n)]));
  const withdraws = await db.selectFrom('records').select('id').where('type', '=', 'withdraw').execute();
  for (const w of withdraws) {
    const n = refs.get(`withdraw:${w.id}`) ?? 0;
    if (n !== 2) problems.push(`withdraw record ${w.id} has ${n} journal rows (expected 2)`);
    refs.delete(`withdraw:${w.id}`);
  }
  const swaps = await db.selectFrom('swaps').select('id').execute();
  const swapRecordCount = Number(
    (await db.selectFrom('records').select(sql<string>`count(*)`.as('n')).where('type', '=', 'swap').executeTakeFirstOrThrow()).n,
  );
  if (swapRecordCount !== swaps.length * 2) problems.push(`${swaps.length} swaps but ${swapRecordCount} swap records`);
  for (const s of swaps) {
    const n = refs.get(`swap:${s.id}`) ?? 0;
    if (n !== 4) problems.push(`swap ${s.id} has ${n} journal rows (expected 4)`);
    refs.delete(`swap:${s.id}`);
  }
  for (const [ref, n] of refs) problems.push(`journal ref ${ref} (${n} rows) has no record`);

  const pending = await db.selectFrom('idempotency_keys').select(['scope', 'key']).where('response', 'is', null).execute();
  for (const p of pending) problems.push(`idempotency key ${p.scope}/${p.key} has no stored response`);
  return problems;
}

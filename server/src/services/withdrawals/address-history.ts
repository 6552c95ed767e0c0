/**
 * The addresses a user has sent to before, newest first: the history the app's address-poisoning
 * check compares a new destination against (an address that looks like one of these but is not).
 */
import { type NotNull, sql } from 'kysely';
import type { Q } from '../../db/schema';

export async function addressBook(db: Q, userId: number) {
  const rows = await db
    .selectFrom('records')
    .select([
      'to_address',
      'network',
      sql<number>`min(id)`.as('first_id'),
      sql<string>`count(*)`.as('n'),
      sql<Date>`max(created_at)`.as('last'),
    ])
    .where('user_id', '=', userId)
    .where('type', '=', 'withdraw')
    .where('to_address', 'is not', null)
    .groupBy(['to_address', 'network'])
    .orderBy('last', 'desc')
    .$narrowType<{ to_address: NotNull }>()
    .execute();
  return rows.map((r) => ({
    id: String(r.first_id),
    address: r.to_address,
    network: r.network,
    timesUsed: Number(r.n),
    lastUsedAt: new Date(r.last).toISOString(),
  }));
}

/**
 * Plans made afresh on every call, at full size. The server prepares each statement once per
 * connection; PostgreSQL plans a prepared statement for its parameters on its first five runs, then
 * keeps one generic plan unless a fresh one keeps coming out cheaper — and then it plans again on
 * every call, which a hot read pays each time. The heavy user's reads run here through the server's
 * own read functions, on one connection (prepared statements belong to a session), `RUNS` times
 * each; `pg_prepared_statements` then names every statement that never got its generic plan.
 */
import { sql } from 'kysely';
import { openDb } from '../../../server/src/db/index.ts';
import { list as messages, unread } from '../../../server/src/services/messages/messages.ts';
import { memberInfo, walletView } from '../../../server/src/services/wallet/member-reads.ts';
import { portfolio } from '../../../server/src/services/wallet/portfolio.ts';
import { transactions } from '../../../server/src/services/wallet/records.ts';
import { HEAVY_TOKEN, HEAVY_USER } from './dataset.ts';

/** More than the five custom plans PostgreSQL makes before it weighs the generic one. */
const RUNS = 8;

export async function replannedStatements(
  databaseUrl: string,
  targets: { txId: string; address: string; cursor: string },
): Promise<string[]> {
  const db = await openDb({ databaseUrl });
  try {
    return await db.connection().execute(async (conn) => {
      // As the routes call them: the launch reads resolve the bearer token in their own statement.
      const who = { token: HEAVY_TOKEN };
      const page = { page: 1, pageSize: 20 };
      const reads = [
        () => walletView(conn, who),
        () => memberInfo(conn, who),
        () => unread(conn, who),
        ...(['all', 'in', 'out', 'failed'] as const).map((tab) => () => transactions(conn, who, { ...page, tab })),
        () => transactions(conn, who, { page: 2, pageSize: 20, tab: 'all', before: targets.cursor }),
        () => transactions(conn, who, { ...page, tab: 'all', q: targets.txId }),
        () => transactions(conn, who, { ...page, tab: 'all', q: targets.address }),
        () => messages(conn, HEAVY_USER, page, 'en_US'),
        () => portfolio(conn, HEAVY_USER, '1y'),
      ];
      for (let i = 0; i < RUNS; i++) for (const read of reads) await read();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
        where generic_plans = 0 and custom_plans >= ${RUNS}`.execute(conn);
      return rows.map((r) => r.statement.replace(/\s+/g, ' ').trim());
    });
  } finally {
    await db.destroy();
  }
}

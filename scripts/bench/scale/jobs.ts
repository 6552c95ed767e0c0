/**
 * The jobs at size. The reward distribution runs over every holder (the dataset makes every user
 * one) while four connections keep taking a random holder's TSR balance row the way a swap or a
 * TSR withdrawal does (`select … for update` in a transaction): how long the longest of those
 * waited is what a person pressing "Swap" during a distribution would have waited.
 */
import pg from 'pg';
import { openDb } from '../../../server/src/db/index.ts';
import { distribute } from '../../../server/src/services/rewards/prize-pool.ts';
import { pct } from '../../load/http.ts';
import { sleep } from '../util.ts';

export interface DistributionFigures {
  holders: number;
  seconds: number;
  /** A holder's balance row taken during the distribution: p99 and the longest, in ms. */
  lockP99: number;
  lockMax: number;
  probes: number;
}

const PROBES = 4;
/** Each probe takes a row this often, so the probes are a trickle of swaps, not a load test. */
const PROBE_EVERY_MS = 20;

/** Takes random holders' TSR rows until `running()` is false; resolves with each wait in ms. */
async function probeLocks(pool: pg.Pool, users: number, running: () => boolean): Promise<number[]> {
  const waits: number[] = [];
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      const client = await pool.connect();
      try {
        while (running()) {
          const user = 1 + Math.floor(Math.random() * users);
          const started = performance.now();
          await client.query('begin');
          await client.query(`select available from balances where user_id = $1 and currency = 'TSR' for update`, [user]);
          await client.query('commit');
          waits.push(performance.now() - started);
          await sleep(PROBE_EVERY_MS);
        }
      } finally {
        client.release();
      }
    }),
  );
  return waits;
}

/**
 * Funds the pool (treasury → pool, both sides in the journal) and distributes a period no run has
 * paid yet (`period` days from now), with the lock probes running.
 */
export async function measureDistribution(databaseUrl: string, users: number, period: number): Promise<DistributionFigures> {
  const db = await openDb({ databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: PROBES });
  try {
    await pool.query(
      `insert into journal (ref, account, currency, amount) values
         ($1, 'system:treasury', 'TSR', -1000000), ($1, 'system:pool', 'TSR', 1000000)`,
      [`bench:pool-fund:${period}`],
    );
    let running = true;
    const probing = probeLocks(pool, users, () => running);
    const started = performance.now();
    const result = await distribute(db, 86_400, Date.now() + period * 86_400_000).finally(() => {
      running = false;
    });
    const seconds = (performance.now() - started) / 1000;
    const waits = await probing;
    return {
      holders: result?.holders ?? 0,
      seconds,
      lockP99: pct(waits, 99),
      lockMax: Math.max(...waits),
      probes: waits.length,
    };
  } finally {
    await pool.end();
    await db.destroy();
  }
}

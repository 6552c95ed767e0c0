/**
 * The deposit watcher against mainnet's pace, with every deposit address of the full dataset
 * watched. The blocks come from a generator in this process, not from a TRON node: what is measured
 * is the watcher's own work per block (which transfers reach a user, crediting them, showing the
 * unsolidified ones), and no devnet can produce 300 transfers every 3 seconds for an hour on 2 cores.
 * Each block holds 300 USDT transfers, 30 of them to users' deposit addresses (the others to
 * addresses nobody here owns), like a busy mainnet block; the head is 19 blocks past the solidified
 * one, as on TRON, so the pending deposits are followed too.
 */
import { createHash } from 'node:crypto';
import type { ChainGateway, SeenTransfer } from '../../../server/src/chain/gateway.ts';
import { openDb } from '../../../server/src/db/index.ts';
import { watchDeposits } from '../../../server/src/jobs/deposits.ts';
import { pct } from '../../load/http.ts';
import { depositAddressOf, tronAddress } from './dataset.ts';

const TRANSFERS = 300;
const TO_USERS = 30;
const UNSOLIDIFIED = 19;
const SENDER = tronAddress('bench-exchange-hot-wallet');

/** A number from a block number, a transfer index and a salt, the same on every call. */
const mix = (...parts: number[]) => createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0);

function blockTransfers(n: number, users: number): SeenTransfer[] {
  return Array.from({ length: TRANSFERS }, (_, k) => ({
    txId: createHash('sha256').update(`bench-block:${n}:${k}`).digest('hex'),
    eventIndex: 0,
    from: SENDER,
    to: k % (TRANSFERS / TO_USERS) === 0 ? depositAddressOf(1 + (mix(n, k, 1) % users)) : tronAddress(`elsewhere:${n}:${k}`),
    currency: 'USDT',
    units: BigInt(1 + (mix(n, k, 2) % 1000)) * 1_000_000n,
  }));
}

/**
 * A chain whose solidified head the bench moves; only what the watcher and the reconciliation ask of
 * a node is answered. Balances are read as empty and no transaction as executed: the reconciliation
 * is run for which statements it makes and how many addresses it reads, not for its verdict.
 */
export function generatedChain(users: number, state: { solid: number }): ChainGateway {
  const chain: Partial<ChainGateway> = {
    hotWallet: tronAddress('bench-hot-wallet'),
    solidHead: async () => ({ number: state.solid, timestamp: Date.now() }),
    head: async () => ({ number: state.solid + UNSOLIDIFIED, timestamp: Date.now() }),
    transfersIn: async (n) => blockTransfers(n, users),
    balanceOf: async () => 0n,
    executed: async () => null,
  };
  return new Proxy(chain as ChainGateway, {
    get(target, key) {
      const value = target[key as keyof ChainGateway];
      if (value === undefined) throw new Error(`the generated chain does not answer ${String(key)}`);
      return value;
    },
  });
}

export interface WatcherFigures {
  /** One solidified block at a time: each run's time after the first, p50 and the longest, in ms. */
  blockP50: number;
  blockMax: number;
  /** A backlog of `backlogBlocks` caught up with runs as the scheduler makes them. */
  backlogBlocks: number;
  backlogSeconds: number;
  credited: number;
}

/**
 * Moves the watcher's cursor to `start` (a stretch of blocks no run has seen), times `single` runs
 * of one new block each, then a backlog of `backlog` blocks. The server must not be running (its own watcher
 * follows the devnet with the same cursor).
 */
export async function measureWatcher(
  databaseUrl: string,
  users: number,
  o: { start: number; single: number; backlog: number },
): Promise<WatcherFigures> {
  const { start, single, backlog } = o;
  const db = await openDb({ databaseUrl });
  try {
    await db
      .insertInto('chain_cursors')
      .values({ name: 'deposits', block_number: start })
      .onConflict((oc) => oc.column('name').doUpdateSet({ block_number: start }))
      .execute();
    const state = { solid: start };
    const chain = generatedChain(users, state);
    let credited = 0;
    const blocks: number[] = [];
    for (let i = 0; i < single; i++) {
      state.solid++;
      const began = performance.now();
      credited += await watchDeposits(db, chain);
      blocks.push(performance.now() - began);
    }
    state.solid += backlog;
    const began = performance.now();
    for (;;) {
      const cursor = await db
        .selectFrom('chain_cursors')
        .select('block_number')
        .where('name', '=', 'deposits')
        .executeTakeFirst();
      if (Number(cursor?.block_number) >= state.solid) break;
      credited += await watchDeposits(db, chain);
    }
    // The first run also prepares the watcher's statements on this connection: not a block's cost.
    const warm = blocks.slice(1);
    return {
      blockP50: pct(warm, 50),
      blockMax: Math.max(...warm),
      backlogBlocks: backlog,
      backlogSeconds: (performance.now() - began) / 1000,
      credited,
    };
  } finally {
    await db.destroy();
  }
}

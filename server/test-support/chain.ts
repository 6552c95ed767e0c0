/**
 * Test support: a devnet of its own for a test file, with the timer stopped so a test decides when
 * blocks happen, a funded hot wallet, and the gateway the server would use against it.
 */
import { type Devnet, startDevnet } from '../devnet/index';
import { createGateway } from '../src/chain/gateway';
import { hotWallet } from '../src/chain/keys';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/schema';
import { processWithdrawals } from '../src/jobs/withdrawals';

export const HOT_KEY = '5e7f00d1b2c3a4958677e8f9a0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3';
export const SOLID_AFTER = 2;

export interface TestChain {
  devnet: Devnet;
  gateway: ReturnType<typeof createGateway>;
  hot: string;
  /** Produces `n` blocks. */
  produce(n?: number): void;
  /** Runs the withdrawal job, producing blocks between passes, until nothing is open (or `passes` ran). */
  settle(db: Db, passes?: number): Promise<void>;
  usdtOf(address: string): bigint;
  close(): Promise<void>;
}

export async function startTestChain(
  float: Partial<Record<'TRX' | 'USDT' | 'TSR', string>> = { TRX: '10000', USDT: '100000' },
): Promise<TestChain> {
  const devnet = await startDevnet({ blockMs: 60_000, solidAfter: SOLID_AFTER });
  devnet.chain.stop();
  const wallet = hotWallet(HOT_KEY);
  for (const [token, amount] of Object.entries(float)) devnet.faucet(wallet.address, amount, token);
  const produce = (n = 1) => {
    for (let i = 0; i < n; i++) devnet.chain.produce();
  };
  produce(SOLID_AFTER + 1);
  const gateway = createGateway(loadConfig({}).tron, wallet, devnet.url);
  const usdt = [...devnet.chain.ledger.tokens.values()].find((t) => t.symbol === 'USDT')!.address;
  return {
    devnet,
    gateway,
    hot: wallet.address,
    produce,
    async settle(db, passes = 6) {
      for (let i = 0; i < passes; i++) {
        await processWithdrawals(db, gateway);
        const open = await db.selectFrom('chain_withdrawals').select('record_id').where('state', '<>', 'done').execute();
        const waiting = await db.selectFrom('records').select('id').where('status', '=', 'withdrawing').execute();
        if (!open.length && !waiting.length) return;
        produce(SOLID_AFTER + 1);
      }
    },
    usdtOf: (address) => devnet.chain.ledger.tokenBalance(usdt, address),
    close: () => devnet.close(),
  };
}

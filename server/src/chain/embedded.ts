/**
 * The zero-setup chain of `npm start`: without TRON_FULL_NODE (and without DATABASE_URL), the devnet
 * runs in this process — on its own thread (`devnet-worker.ts`), so sealing a block never stalls a
 * request — on its own port, keeps its blocks in DATA_DIR/devnet, and its URL is written to
 * DATA_DIR/devnet.json for the ops CLI. As an operator would, it funds the hot wallet from the
 * faucet so withdrawals can be paid; it says what it sent (`funded`), and the caller books that
 * float as capital (`bookCapital` in services/money-moves/ledger.ts), so the ledger's view of the server's
 * addresses keeps matching the chain's. Below the services: it knows nothing of the books.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVNET_TOKENS, type startDevnet } from '../../devnet/index';
import type { Config } from '../config';
import { startWorker } from '../worker-thread';

/** What the hot wallet is topped up to on the devnet. */
const HOT_WALLET_FLOAT = { TRX: '100000', USDT: '1000000', TSR: '1000000' };

export interface DevnetThreadOptions {
  devnet: NonNullable<Parameters<typeof startDevnet>[0]>;
  hotWallet: string;
  float: Record<string, string>;
}

/** The devnet thread's first message: its URL and the float it sent (none when the wallet had one). */
export interface DevnetReady {
  url: string;
  funded: Array<{ token: string; amount: string; txId: string }>;
}

export interface EmbeddedDevnet {
  url: string;
  /** What this start sent the hot wallet from the faucet (none when it already had a float). */
  funded: DevnetReady['funded'];
  close(): Promise<void>;
}

export async function startEmbeddedDevnet(config: Config, hotWallet: string): Promise<EmbeddedDevnet> {
  const workerData: DevnetThreadOptions = {
    devnet: {
      port: config.tron.devnetPort,
      blockMs: config.tron.devnetBlockMs,
      solidAfter: config.tron.devnetSolidAfter,
      file: path.join(config.dataDir, 'devnet', 'blocks.jsonl'),
      tokens: DEVNET_TOKENS.map((t) => ({ ...t, address: config.tron.contracts[t.symbol] ?? t.address })),
    },
    hotWallet,
    float: HOT_WALLET_FLOAT,
  };
  const worker = startWorker('devnet-worker', import.meta.url, { workerData });
  const ready = await new Promise<DevnetReady>((resolve, reject) => {
    worker.once('message', (m: DevnetReady | { error: string }) =>
      'error' in m ? reject(new Error(`the devnet did not start: ${m.error}`)) : resolve(m),
    );
    worker.once('error', reject);
  }).catch(async (e: unknown) => {
    await worker.terminate();
    throw e;
  });
  writeFileSync(path.join(config.dataDir, 'devnet.json'), JSON.stringify({ url: ready.url }), { mode: 0o600 });
  return {
    url: ready.url,
    funded: ready.funded,
    close: async () => {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage({ kind: 'close' });
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await worker.terminate();
    },
  };
}

/**
 * The embedded devnet's own thread: it verifies signatures, runs contracts and seals blocks, work
 * that on the server's thread would stall every request for as long as a block takes. It starts the
 * devnet, tops up the hot wallet's float when it has none, and answers `close`.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { must } from '../../../src/lib/must';
import { startDevnet } from '../../devnet/index';
import type { DevnetReady, DevnetThreadOptions } from './embedded';

// It stands in for a network far away: it must never take a core from the server or a browser on
// the same machine (on Linux the nice value is per thread).
try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // A platform that refuses it runs the devnet at the normal priority.
}

const port = must(parentPort, 'the parent thread (this file runs as a worker)');
const { devnet: options, hotWallet, float } = workerData as DevnetThreadOptions;

try {
  const devnet = await startDevnet(options);
  const funded: DevnetReady['funded'] =
    (devnet.chain.ledger.account(hotWallet)?.balance ?? 0n) === 0n
      ? Object.entries(float).map(([token, amount]) => ({ token, amount, txId: devnet.faucet(hotWallet, amount, token) }))
      : [];
  port.postMessage({ url: devnet.url, funded } satisfies DevnetReady);
  port.on('message', async (m: { kind: 'close' }) => {
    if (m.kind !== 'close') return;
    await devnet.close();
    port.postMessage({ closed: true });
    port.close();
  });
} catch (e) {
  port.postMessage({ error: e instanceof Error ? e.message : String(e) });
}

/**
 * The real server process SIGKILLed in the middle of paying a withdrawal: between signing and
 * broadcasting, and between broadcasting and reading the receipt. Between the server and the devnet
 * stands a proxy that sees the broadcast of the one payment to our destination and kills the server
 * at that instant — before passing the transaction on, or after the node took it but before the
 * server hears so. After a restart on the same data, the withdrawal succeeds with exactly one
 * transaction on the chain: the one the record names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTransferCall } from '../../devnet/chain';
import { type Devnet, startDevnet } from '../../devnet/index';
import { toBase58 } from '../../devnet/transaction';
import { DEMO, freePort, loginDemo, request, type ServerProc, sleep, startServer } from '../../test-support/proc';
import { hotWallet } from '../chain/keys';

const HOT_KEY = '3c5a1b7e9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e4b6d8f1a3c';
/** A destination nobody else pays (the demo seed's own withdrawals go elsewhere). */
const DEST = hotWallet('22'.repeat(32)).address;

type Moment = 'before broadcast' | 'after broadcast';

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => {
      s += c.toString();
    });
    req.on('end', () => resolve(s));
  });

/** Whether a broadcast request carries a payment to DEST (TRX transfer or TRC-20 transfer call). */
function paysDest(json: string): boolean {
  try {
    const tx = JSON.parse(json) as { raw_data?: { contract?: Array<{ parameter: { value: Record<string, string> } }> } };
    const v = tx.raw_data?.contract?.[0]?.parameter.value ?? {};
    const to = v.data ? decodeTransferCall(v.data)?.to : v.to_address;
    return to !== undefined && toBase58(to) === DEST;
  } catch {
    return false;
  }
}

/** A pass-through proxy to the devnet that, once armed, SIGKILLs the server at the given moment. */
async function killingProxy(upstream: string) {
  let armed: { moment: Moment; server: ServerProc; done: () => void } | null = null;
  const http: Server = createServer(async (req, res) => {
    const text = await body(req);
    const trap = armed && req.url?.endsWith('/broadcasttransaction') && paysDest(text) ? armed : null;
    if (trap) armed = null;
    if (trap?.moment === 'before broadcast') {
      await trap.server.kill('SIGKILL');
      req.socket.destroy();
      trap.done();
      return;
    }
    const answer = await fetch(upstream + req.url, {
      method: req.method,
      headers: { 'content-type': 'application/json' },
      ...(req.method === 'POST' ? { body: text } : {}),
    });
    const reply = await answer.text();
    if (trap) {
      // The node has the transaction; the server dies before it hears so.
      await trap.server.kill('SIGKILL');
      req.socket.destroy();
      trap.done();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(reply);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    arm: (moment: Moment, server: ServerProc) => new Promise<void>((done) => (armed = { moment, server, done })),
    close: () => new Promise<void>((r) => http.close(() => r())),
  };
}

/** Every transaction on the devnet that moved anything to DEST. */
const paymentsTo = (devnet: Devnet) =>
  devnet.chain.blocks
    .flatMap((b) => b.txs)
    .filter((t) => t.effects.some(([address, , delta]) => address === DEST && BigInt(delta) > 0n))
    .map((t) => t.tx.txID);

describe('the server SIGKILLed while paying a withdrawal', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  });

  it.each<Moment>(['before broadcast', 'after broadcast'])(
    'killed %s: one transaction on the chain after a restart',
    { timeout: 180_000 },
    async (moment) => {
      const devnet = await startDevnet({ blockMs: 300, solidAfter: 2 });
      cleanups.push(() => devnet.close());
      const hot = hotWallet(HOT_KEY).address;
      devnet.faucet(hot, '10000');
      devnet.faucet(hot, '100000', 'USDT');
      const proxy = await killingProxy(devnet.url);
      cleanups.push(proxy.close);
      const root = mkdtempSync(path.join(tmpdir(), 'tessera-kill-'));
      cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
      const opts = {
        dataDir: path.join(root, 'data'),
        staticDir: path.join(root, 'static'),
        port: await freePort(),
        env: { TRON_FULL_NODE: proxy.url, TRON_HOT_WALLET_KEY: HOT_KEY, SETTLE_INTERVAL_MS: '200' },
      };
      const first = await startServer(opts);
      cleanups.push(() => first.kill('SIGKILL'));
      const token = await loginDemo(first.url);

      const killed = proxy.arm(moment, first);
      const asked = await request<{ id: string }>(`${first.url}/money/virtualCurrency/transaction/withdraw`, 'POST', {
        token,
        key: `kill-${moment.replace(' ', '-')}-${process.pid}`,
        // The fee follows the chain's cost for DEST: accept up to the channel's most.
        body: { channelId: 'usdt-trc20', address: DEST, amount: '12.5', tradePassword: DEMO.tradePassword, fee: '20' },
      });
      expect('json' in asked && asked.json, JSON.stringify(asked)).toMatchObject({ code: 200 });
      const id = 'json' in asked ? asked.json.data!.id : '';
      await killed;
      expect(first.child.signalCode).toBe('SIGKILL');
      await sleep(1000); // a few blocks: a transaction the node took is in one by now
      expect(paymentsTo(devnet)).toHaveLength(moment === 'before broadcast' ? 0 : 1);

      const second = await startServer(opts);
      cleanups.push(() => second.kill('SIGTERM'));
      const token2 = await loginDemo(second.url);
      const deadline = Date.now() + 60_000;
      let record: { status: string; txId: string | null } | undefined;
      while (Date.now() < deadline) {
        const r = await request<{ list: Array<{ status: string; txId: string | null }> }>(
          `${second.url}/money/virtualCurrency/transaction/list?id=${id}`,
          'GET',
          { token: token2 },
        );
        record = 'json' in r ? r.json.data?.list[0] : undefined;
        if (record?.status === 'success') break;
        await sleep(300);
      }
      expect(record?.status).toBe('success');
      expect(paymentsTo(devnet)).toEqual([record!.txId]);
      expect(
        devnet.chain.ledger.tokenBalance(
          [...devnet.chain.ledger.tokens.values()].find((t) => t.symbol === 'USDT')!.address,
          DEST,
        ),
      ).toBe(12_500_000n);
    },
  );
});

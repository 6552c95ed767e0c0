/**
 * The local TRON devnet: the chain plus its HTTP API on one port, producing a block every
 * `blockMs`. `npm start` runs it beside the API server when no TRON_FULL_NODE is set, and the tests
 * use it as their chain. Beyond java-tron's API it serves devnet-only routes: GET /devnet/info
 * (token contracts, faucet, heights), POST /devnet/faucet {address, amount, token} which sends
 * coins from the faucet in a real signed transaction, and the failures a real network has, for
 * tests to cause: POST /devnet/drop {txid} and POST /devnet/fork {depth} (chain.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer, buildTrigger, buildTrxTransfer, transferCallData } from './api';
import { Chain, type ChainOptions, encodeAddress, FAUCET_ADDRESS, type TokenSpec } from './chain';

/** The embedded default's tokens, at the contract addresses the server's reference data names. */
export const DEVNET_TOKENS: TokenSpec[] = [
  // Mainnet USDT's `transfer` returns a zero word even when it succeeds.
  {
    symbol: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    transferReturns: '0'.repeat(64),
  },
  { symbol: 'TSR', name: 'Tessera', decimals: 6, address: 'TUNfMtXGSCgdzBKFPAtKkSu2anPWBuDPhi' },
];

export interface Devnet {
  url: string;
  chain: Chain;
  /** Sends `amount` (a decimal in the token's units) of TRX or a token from the faucet; returns the transaction id. */
  faucet(address: string, amount: string, token?: string): string;
  close(): Promise<void>;
}

/** A decimal string in units → base units, exactly (no float). */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m || (m[2] && m[2].length > decimals)) throw new Error(`not an amount with at most ${decimals} decimals: ${amount}`);
  return BigInt(m[1] + (m[2] ?? '').padEnd(decimals, '0'));
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const fromQuery = Object.fromEntries(new URL(req.url ?? '/', 'http://devnet').searchParams);
  return text.trim() ? { ...fromQuery, ...(JSON.parse(text) as Record<string, unknown>) } : fromQuery;
}

export async function startDevnet(options: Partial<ChainOptions> & { port?: number; host?: string } = {}): Promise<Devnet> {
  const chain = new Chain({
    blockMs: options.blockMs ?? 3000,
    solidAfter: options.solidAfter ?? 6,
    tokens: options.tokens ?? DEVNET_TOKENS,
    ...(options.file ? { file: options.file } : {}),
  });
  const faucet = (address: string, amount: string, token = 'TRX') => {
    const to = encodeAddress(address);
    if (token === 'TRX') {
      const sun = toBaseUnits(amount, 6);
      return chain.faucet(to, sun, null, (owner) => buildTrxTransfer(chain, owner, to, sun));
    }
    const spec = [...chain.ledger.tokens.values()].find((t) => t.symbol === token);
    if (!spec) throw new Error(`the devnet has no token ${token}`);
    const units = toBaseUnits(amount, spec.decimals);
    return chain.faucet(to, units, token, (owner) =>
      buildTrigger(chain, owner, spec.address, transferCallData(to, units), 100_000_000),
    );
  };

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const route = new URL(req.url ?? '/', 'http://devnet').pathname.replace(/\/+$/, '');
      const body = await readBody(req);
      if (route === '/devnet/info')
        return send(200, {
          faucet: FAUCET_ADDRESS,
          tokens: [...chain.ledger.tokens.values()].map(({ symbol, name, decimals, address }) => ({
            symbol,
            name,
            decimals,
            address,
          })),
          blockMs: chain.options.blockMs,
          solidAfter: chain.options.solidAfter,
          head: chain.head.number,
          solid: chain.solidNumber,
        });
      if (route === '/devnet/faucet' && req.method === 'POST')
        return send(200, {
          txid: faucet(String(body.address), String(body.amount), body.token ? String(body.token) : 'TRX'),
          from: FAUCET_ADDRESS,
        });
      if (route === '/devnet/drop' && req.method === 'POST') {
        chain.drop(String(body.txid));
        return send(200, { dropped: String(body.txid) });
      }
      if (route === '/devnet/fork' && req.method === 'POST')
        return send(200, { removed: chain.fork(Number(body.depth)), head: chain.head.number });
      const m = /^\/(wallet|walletsolidity)\/([a-z0-9]+)$/.exec(route);
      const out = m?.[2] ? answer(chain, m[2], body, m[1] === 'walletsolidity') : undefined;
      if (out === undefined) return send(404, { Error: `${route} is not served by the devnet` });
      send(200, out);
    } catch (e) {
      send(200, { Error: e instanceof Error ? e.message : String(e) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  chain.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    faucet,
    close: async () => {
      chain.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

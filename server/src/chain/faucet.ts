/**
 * The devnet's faucet, reached over HTTP like the rest of the node: the demo seed and `ops faucet`
 * send coins with it in real signed transactions. A real network has none, and says so.
 */
import { ErrorCode, fail } from '../common/errors';

export interface FaucetPayment {
  txId: string;
  from: string;
}

export type Faucet = (address: string, amount: string, token: string) => Promise<FaucetPayment>;

export function devnetFaucet(nodeUrl: string | undefined): Faucet {
  return async (address, amount, token) => {
    if (!nodeUrl) return fail(ErrorCode.BAD_REQUEST, 'No TRON node is configured');
    const res = await fetch(`${nodeUrl.replace(/\/+$/, '')}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount, token }),
    });
    const body = (await res.json().catch(() => ({}))) as { txid?: string; from?: string; Error?: string };
    if (res.status === 404) return fail(ErrorCode.BAD_REQUEST, `The node at ${nodeUrl} has no faucet: it is not the devnet`);
    if (!body.txid || !body.from) return fail(ErrorCode.BAD_REQUEST, `The faucet refused: ${body.Error ?? res.status}`);
    return { txId: body.txid, from: body.from };
  };
}

/** Direct API access for wallet browser tests: the demo user's balances and records, and the devnet faucet. */
import type { APIRequestContext } from '@playwright/test';
import { encodeTronAddress } from '../../src/lib/tron/index.ts';
import { DEMO } from './env.ts';

interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export interface DemoApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** Signs the demo user in over the API (a session of its own, apart from the browser's). */
export async function demoApi(request: APIRequestContext): Promise<DemoApi> {
  const res = await request.post('/auth/login', {
    data: { type: 'phone', areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password },
  });
  const login = (await res.json()) as Envelope<{ access_token: string; client_id: string }>;
  if (login.code !== 200) throw new Error(`login failed: ${login.code} ${login.msg}`);
  const headers = { Authorization: `Bearer ${login.data.access_token}`, 'client-id': login.data.client_id };
  const unwrap = async <T>(r: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await r.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(`API ${r.url()}: ${body.code} ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(path: string) => unwrap<T>(await request.get(path, { headers })),
    post: async <T>(path: string, body: unknown) => unwrap<T>(await request.post(path, { headers, data: body })),
  };
}

interface WalletData {
  address: string;
  assets: Array<{ currency: string; balance: string; frozen: string }>;
}
export interface RecordRow {
  id: string;
  type: string;
  direction: 'in' | 'out';
  status: string;
  currency: string;
  amount: string;
  fee: string;
  toAddress: string | null;
  txId: string | null;
  /** A failed withdrawal: its refund record. */
  refundRecordId?: string | null;
  /** A refund: the failed withdrawal it gave back. */
  refundOf?: string | null;
}

export const walletOf = (api: DemoApi) => api.get<WalletData>('/member/wallet');

/**
 * The fee an API withdrawal accepts: the USDT channel's most. The fee follows the chain's cost for
 * the destination; the server charges the current one, and refuses only above what was accepted.
 */
export const MOST_FEE = '20';

/** What a USDT withdrawal to `to` costs now (the quote the transfer screen shows). */
export const usdtFeeTo = async (api: DemoApi, to: string) =>
  (await api.get<{ fee: string }>(`/money/virtualCurrency/transaction/withdrawFee?channelId=usdt-trc20&address=${to}`)).fee;

export async function balanceOf(api: DemoApi, currency: string): Promise<string> {
  const wallet = await walletOf(api);
  const asset = wallet.assets.find((a) => a.currency === currency);
  if (!asset) throw new Error(`no ${currency} asset`);
  return asset.balance;
}

export const recordsOf = (api: DemoApi, tab: 'all' | 'in' | 'out' | 'failed' = 'all', pageSize = 100) =>
  api.get<{ list: RecordRow[]; total: number }>(`/money/virtualCurrency/transaction/list?tab=${tab}&page=1&pageSize=${pageSize}`);

export { faucet } from './ops.ts';

/** Exact decimal difference for small test amounts (6 decimals), without floats. */
export function minus(a: string, b: string): string {
  const scale = (s: string) => {
    const [i = '0', f = ''] = s.split('.');
    return BigInt(i + f.padEnd(6, '0').slice(0, 6));
  };
  const d = scale(a) - scale(b);
  const neg = d < 0n;
  const abs = (neg ? -d : d).toString().padStart(7, '0');
  const text = `${abs.slice(0, -6)}.${abs.slice(-6)}`.replace(/\.?0+$/, '');
  return (neg ? '-' : '') + (text === '' ? '0' : text);
}

/** A fresh, valid address nobody has sent to. */
export function freshAddress(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeTronAddress(bytes);
}

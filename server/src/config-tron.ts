/** The TRON settings from the environment (docs/deploy.md, docs/chain.md). */
import { isValidTronAddress } from '../../src/lib/tron/index';
import { int, nonNegative } from './config-env';

/** The TRON network the server settles on (docs/chain.md). */
export interface TronConfig {
  /** A java-tron HTTP API (TronGrid, a node of one's own); unset: the embedded devnet (not with DATABASE_URL). */
  fullNode: string | undefined;
  /** Where solidified data is read (default: the full node). */
  solidityNode: string | undefined;
  /** TronGrid's TRON-PRO-API-KEY header. */
  apiKey: string | undefined;
  /** TRC-20 contract per currency symbol; a symbol not listed here and not TRX has no chain. */
  contracts: Record<string, string>;
  /** Most TRX a withdrawal's contract call may burn for energy, in sun. */
  feeLimitSun: number;
  /** How long a signed withdrawal stays valid; past it, an absent one is failed and refunded. */
  expirationSeconds: number;
  /** The hot wallet's private key (hex); unset: derived from MASTER_SEED. */
  hotWalletKey: string | undefined;
  /** A watch-only cold address the service counts as its own (reconciliation); its key is never here. */
  coldAddress: string | undefined;
  /** Most the hot wallet keeps per currency, in units; beyond it goes to the cold address (jobs/cold-moves.ts). */
  hotWalletCap: Record<string, string>;
  /** A block explorer's transaction page, `{txId}` replaced (unset: no link). */
  explorerTxUrl: string | undefined;
  /** The embedded devnet's port (0: any free port) and block interval. */
  devnetPort: number;
  devnetBlockMs: number;
  devnetSolidAfter: number;
}

/** Mainnet USDT (TRC-20); the devnet holds its USDT at the same address. */
export const MAINNET_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The Tessera token's contract on the devnet. */
export const DEVNET_TSR = 'TUNfMtXGSCgdzBKFPAtKkSu2anPWBuDPhi';

export function loadTronConfig(env: NodeJS.ProcessEnv): TronConfig {
  return {
    fullNode: env.TRON_FULL_NODE || undefined,
    solidityNode: env.TRON_SOLIDITY_NODE || undefined,
    apiKey: env.TRON_API_KEY || undefined,
    contracts: { USDT: env.TRON_USDT_CONTRACT || MAINNET_USDT, TSR: env.TRON_TSR_CONTRACT || DEVNET_TSR },
    feeLimitSun: int(env.TRON_FEE_LIMIT_SUN, 30_000_000),
    expirationSeconds: int(env.TRON_EXPIRATION_SECONDS, 600),
    hotWalletKey: env.TRON_HOT_WALLET_KEY || undefined,
    coldAddress: parseTronAddress('TRON_COLD_ADDRESS', env.TRON_COLD_ADDRESS),
    hotWalletCap: parseHotWalletCap(env.TRON_HOT_WALLET_CAP),
    explorerTxUrl: parseExplorerUrl(env.TRON_EXPLORER_TX_URL),
    devnetPort: nonNegative(env.DEVNET_PORT, 0),
    devnetBlockMs: int(env.DEVNET_BLOCK_MS, 3000),
    devnetSolidAfter: int(env.DEVNET_SOLID_AFTER, 6),
  };
}

/** A base58check TRON address setting, or undefined when unset; anything else is refused. */
function parseTronAddress(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!isValidTronAddress(value)) throw new Error(`${name}: not a TRON address (base58check, starting with T)`);
  return value;
}

/** TRON_HOT_WALLET_CAP: `USDT:50000,TRX:200000` — a positive decimal per currency symbol. */
export function parseHotWalletCap(value: string | undefined): Record<string, string> {
  const caps: Record<string, string> = {};
  for (const part of (value ?? '').split(',').filter((p) => p.trim())) {
    const m = /^\s*([A-Z][A-Z0-9]{1,9}):(\d{1,15}(?:\.\d{1,6})?)\s*$/.exec(part);
    if (!m?.[1] || !m[2] || /^0*(\.0*)?$/.test(m[2]))
      throw new Error(`TRON_HOT_WALLET_CAP: "${part}" is not SYMBOL:amount (e.g. USDT:50000,TRX:200000)`);
    caps[m[1]] = m[2];
  }
  return caps;
}

/** TRON_EXPLORER_TX_URL: an http(s) page with `{txId}` where the id goes; anything else is refused. */
export function parseExplorerUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value) || !value.includes('{txId}'))
    throw new Error('TRON_EXPLORER_TX_URL: an http(s) URL with {txId} where the transaction id goes');
  return value;
}

/** Server settings from the environment (documented in docs/api.md). */
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  tokenTtlSeconds: number;
  settleIntervalMs: number;
  distributionPeriodSeconds: number;
  smtpUrl: string | undefined;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  masterSeed: string | undefined;
  /** Turns rate limits off (tests that make many calls). */
  rateLimit: boolean;
  logLevel: string;
  /**
   * Which reverse proxies may tell the client's address (X-Forwarded-For): a hop count, or the
   * proxies' addresses/CIDRs. Never "every hop": a client could then write its own address.
   */
  trustProxy: false | number | string;
  /** Faster argon2 parameters (NODE_ENV=test only). */
  fastHash: boolean;
}

const int = (v: string | undefined, def: number) => {
  const n = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : def;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    settleIntervalMs: int(env.SETTLE_INTERVAL_MS, 5000),
    distributionPeriodSeconds: int(env.DISTRIBUTION_PERIOD_SECONDS, 86400),
    smtpUrl: env.SMTP_URL || undefined,
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    masterSeed: env.MASTER_SEED || undefined,
    rateLimit: env.RATE_LIMIT !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    fastHash: env.NODE_ENV === 'test',
    ...overrides,
  };
}

/**
 * TRUST_PROXY: empty or "0" → off; a number n → trust the last n hops (1: one proxy in front);
 * otherwise a comma-separated list of proxy addresses or CIDRs. "true" is refused: it would take the
 * first, client-written entry of X-Forwarded-For as the client's address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') throw new Error('TRUST_PROXY=true would trust every hop; give the number of proxies (1) or their addresses');
  const list = v.split(',').map((a) => a.trim());
  if (list.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a)))
    throw new Error(`TRUST_PROXY: not an address or CIDR list: ${v}`);
  return list.join(',');
}

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
  /** Trust X-Forwarded-* from a reverse proxy (client IPs for rate limits). */
  trustProxy: boolean;
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    fastHash: env.NODE_ENV === 'test',
    ...overrides,
  };
}

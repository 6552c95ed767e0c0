/** Server settings from the environment (every variable is documented in docs/deploy.md). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_HEARTBEAT_MS } from '../../src/contract/live';
import { must } from '../../src/lib/must';
import { int, nonNegative } from './config-env';
import { loadTronConfig, type TronConfig } from './config-tron';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  tokenTtlSeconds: number;
  settleIntervalMs: number;
  /** How often the books are reconciled with the chain (services/custody/reconcile.ts). */
  reconcileIntervalMs: number;
  /** How often a live-updates stream gets a keep-alive and its session is checked again. */
  liveHeartbeatMs: number;
  distributionPeriodSeconds: number;
  smtpUrl: string | undefined;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  masterSeed: string | undefined;
  /** Keys sealing stored secrets (`id:base64,…`; see secret-box.ts). */
  secretsKey: string | undefined;
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
  /** Bearer token for GET /metrics (unset: /metrics answers 404). */
  metricsToken: string | undefined;
  /** S3-compatible object storage for uploads (unset: DATA_DIR/uploads, embedded mode only). */
  s3: S3Config | undefined;
  /** Rate-limit counters in the database, shared by every instance (default: with DATABASE_URL). */
  sharedRateLimits: boolean;
  /**
   * After SIGTERM: seconds the instance keeps serving while /readyz says 503 (so the proxy stops
   * sending it work), then seconds it waits for requests still in flight before closing anyway.
   */
  drainDelaySeconds: number;
  drainSeconds: number;
  tron: TronConfig;
  push: PushConfig;
  /** How long a new contact waits before allowlisted withdrawals may go there, and turning the allowlist off waits. */
  allowlistDelaySeconds: number;
  /** Passkeys (services/security/passkeys.ts); undefined: off. */
  webauthn: WebAuthnConfig | undefined;
  /** Hours withdrawals are held after a security change (a password, the authenticator, a passkey). */
  securityHoldHours: number;
}

/**
 * Where passkeys belong. The relying party is the site the user sees in the address bar, which
 * behind a proxy is not the Host this instance receives: both come from configuration, never from
 * a request header.
 */
export interface WebAuthnConfig {
  /** The registrable domain passkeys are bound to ("wallet.example.com", or "example.com" to share them). */
  rpId: string;
  /** Every origin the app is served from ("https://wallet.example.com"). */
  origins: string[];
}

/** Web Push (services/messages/push.ts). */
export interface PushConfig {
  /**
   * The VAPID contact push services may write to (`mailto:` or `https:`). Unset with DATABASE_URL:
   * push notifications are off (the app says so); the embedded server uses a placeholder.
   */
  subject: string | undefined;
  /** The VAPID key pair (base64url); unset: one generated once and kept in the database. */
  publicKey: string | undefined;
  privateKey: string | undefined;
  /**
   * Where a subscription's endpoint may point: push services' host names (`.apple.com` matches
   * its subdomains; `host:port` matches that port only). The server POSTs to these, over https
   * only, so a user cannot make it call anything else.
   */
  serviceHosts: string[];
  /** Extra CA certificates (PEM) trusted for push services: a private push service, or a test's. */
  serviceCa: string | undefined;
}

/** The browsers' push services (Chrome/Edge/Opera on Android and desktop, Firefox, Safari/iOS, Windows). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export interface S3Config {
  bucket: string;
  region: string;
  /** A non-AWS store (MinIO, Ceph, s3rver): its URL, path-style addressing. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    settleIntervalMs: int(env.SETTLE_INTERVAL_MS, 5000),
    reconcileIntervalMs: int(env.RECONCILE_INTERVAL_MS, 600_000),
    liveHeartbeatMs: int(env.LIVE_HEARTBEAT_MS, LIVE_HEARTBEAT_MS),
    allowlistDelaySeconds: int(env.ALLOWLIST_DELAY_SECONDS, 24 * 3600),
    webauthn: parseWebAuthn(env),
    securityHoldHours: nonNegative(env.SECURITY_HOLD_HOURS, 24),
    push: {
      subject: parsePushSubject(env.PUSH_SUBJECT) ?? (env.DATABASE_URL ? undefined : 'mailto:push@tessera.invalid'),
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      serviceHosts: env.PUSH_SERVICE_HOSTS
        ? env.PUSH_SERVICE_HOSTS.split(',')
            .map((h) => h.trim())
            .filter(Boolean)
        : PUSH_SERVICE_HOSTS,
      serviceCa: env.PUSH_SERVICE_CA_FILE ? readFileSync(env.PUSH_SERVICE_CA_FILE, 'utf8') : undefined,
    },
    distributionPeriodSeconds: int(env.DISTRIBUTION_PERIOD_SECONDS, 86400),
    smtpUrl: env.SMTP_URL || undefined,
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    masterSeed: env.MASTER_SEED || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    rateLimit: env.RATE_LIMIT !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    fastHash: env.NODE_ENV === 'test',
    metricsToken: env.METRICS_TOKEN || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    sharedRateLimits: Boolean(env.DATABASE_URL),
    drainDelaySeconds: nonNegative(env.DRAIN_DELAY_SECONDS, 5),
    drainSeconds: int(env.DRAIN_SECONDS, 10),
    tron: loadTronConfig(env),
    ...overrides,
  };
}

/**
 * WEBAUTHN_ORIGINS (comma-separated) and WEBAUTHN_RP_ID (default: the first origin's host name).
 * The embedded server defaults to http(s)://localhost:PORT; a production instance has no default
 * (a guessed origin would make every passkey fail): unset, passkeys are off and the app says so.
 */
export function parseWebAuthn(env: NodeJS.ProcessEnv): WebAuthnConfig | undefined {
  const listed = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const origins = listed.length
    ? listed
    : env.DATABASE_URL
      ? []
      : [`${env.TLS_CERT ? 'https' : 'http'}://localhost:${int(env.PORT, 8080)}`];
  if (!origins.length) return undefined;
  for (const origin of origins) {
    const url = URL.canParse(origin) ? new URL(origin) : null;
    if (!url || url.origin !== origin || !/^https?:$/.test(url.protocol))
      throw new Error(`WEBAUTHN_ORIGINS: "${origin}" is not an origin like https://wallet.example.com`);
  }
  const rpId = env.WEBAUTHN_RP_ID || new URL(must(origins[0], 'WEBAUTHN_ORIGINS')).hostname;
  const outside = origins.find((o) => {
    const host = new URL(o).hostname;
    return host !== rpId && !host.endsWith(`.${rpId}`);
  });
  if (outside) throw new Error(`WEBAUTHN_RP_ID: ${outside} is not ${rpId} or one of its subdomains`);
  return { rpId, origins };
}

/**
 * With DATABASE_URL the server is a production instance, one of several: everything they must
 * share has to be configured, never defaulted. Returns one line naming what is missing, or null.
 */
export function missingProductionSettings(config: Config): string | null {
  if (!config.databaseUrl) return null;
  const missing: string[] = [];
  if (!config.masterSeed || config.masterSeed.length < 32)
    missing.push('MASTER_SEED (at least 32 characters: every instance derives the same deposit addresses from it)');
  if (!config.secretsKey) missing.push('SECRETS_KEY (id:base64 of 32 random bytes: seals authenticator seeds at rest)');
  if (!config.s3) missing.push('S3_BUCKET (uploads must be readable by every instance)');
  if (!config.tron.fullNode) missing.push('TRON_FULL_NODE (the TRON node every instance settles on)');
  if (!config.tron.hotWalletKey)
    missing.push("TRON_HOT_WALLET_KEY (the hot wallet's own key, from a secret store: never derived from MASTER_SEED)");
  return missing.length ? `With DATABASE_URL, set ${missing.join('; ')}.` : null;
}

/** PUSH_SUBJECT: how push services reach the operator, a `mailto:` or `https:` URL. */
export function parsePushSubject(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(value))
    throw new Error('PUSH_SUBJECT: a mailto: address or an https: URL where push services can reach the operator');
  return value;
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

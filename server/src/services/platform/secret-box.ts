/**
 * Secrets the server must read back (authenticator seeds) are stored sealed: AES-256-GCM under a key
 * that is not in the database, bound to the row they belong to (a sealed value copied to another
 * user's row does not open). A database dump alone gives nobody a working authenticator.
 *
 * Keys come from SECRETS_KEY (`id:base64key[,id:base64key…]`, 32-byte keys; required in production)
 * or, in the embedded demo, DATA_DIR/secrets-key. The first key seals; every listed key opens, so a
 * rotation is: put the new key first, keep the old one after it, run `npm run ops -- reseal-secrets`,
 * then drop the old key.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretsKey {
  id: string;
  key: Buffer;
}

const PREFIX = 'sealed:v1';
// Until a key is loaded (tests), a random one: sealed values then live as long as the process.
let current: SecretsKey = { id: 'ephemeral', key: randomBytes(32) };
/** The current key first, then older ones that still open what they sealed. */
let keys: SecretsKey[] = [current];

export function parseSecretsKeys(value: string): SecretsKey[] {
  const parsed = value.split(',').map((entry) => {
    const [id, b64] = entry.trim().split(':');
    const key = Buffer.from(b64 ?? '', 'base64');
    if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32)
      throw new Error('SECRETS_KEY: expected id:base64 entries of 32-byte keys, e.g. k1:$(openssl rand -base64 32)');
    return { id, key };
  });
  if (new Set(parsed.map((k) => k.id)).size !== parsed.length) throw new Error('SECRETS_KEY: key ids must differ');
  return parsed;
}

export function setSecretsKeys(list: SecretsKey[]): void {
  const [first] = list;
  if (!first) throw new Error('at least one secrets key');
  current = first;
  keys = list;
}

/** SECRETS_KEY, else DATA_DIR/secrets-key (created on first use, mode 0600). */
export function loadSecretsKeys(dataDir: string, fromEnv?: string): void {
  if (fromEnv) {
    setSecretsKeys(parseSecretsKeys(fromEnv));
    return;
  }
  const file = path.join(dataDir, 'secrets-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `local:${randomBytes(32).toString('base64')}`, { mode: 0o600 });
  }
  setSecretsKeys(parseSecretsKeys(readFileSync(file, 'utf8').trim()));
}

/** `context` names the place the value belongs to (e.g. `google:42`); opening elsewhere fails. */
export function seal(plain: string, context: string): string {
  const { id, key } = current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, id, iv.toString('base64'), body.toString('base64'), cipher.getAuthTag().toString('base64')].join(':');
}

/** The plain value. A value stored before sealing existed is returned as it is (reseal it). */
export function open(stored: string, context: string): string {
  if (!stored.startsWith(`${PREFIX}:`)) return stored;
  const [, , id, iv, body, tag] = stored.split(':');
  if (iv === undefined || body === undefined || tag === undefined) throw new Error('a sealed value is malformed');
  const k = keys.find((candidate) => candidate.id === id);
  if (!k) throw new Error(`no secrets key "${id}" is configured to open a stored secret`);
  const decipher = createDecipheriv('aes-256-gcm', k.key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** Sealed with the current key? (false: plain, or an older key — `reseal-secrets` fixes it). */
export const isCurrent = (stored: string) => stored.startsWith(`${PREFIX}:${current.id}:`);

const digestKey = (k: SecretsKey, purpose: string) => Buffer.from(hkdfSync('sha256', k.key, '', `tessera/${purpose}`, 32));

/**
 * A keyed digest of a short secret (a 6-digit code): unlike a plain hash, a database reader cannot
 * try the million codes against it without the key. Names the key it used, so a rotation keeps
 * digests made just before it checkable.
 */
export function keyedDigest(purpose: string, message: string): string {
  const k = current;
  return `${k.id}:${createHmac('sha256', digestKey(k, purpose)).update(message).digest('hex')}`;
}

export function matchesKeyedDigest(stored: string, purpose: string, message: string): boolean {
  const at = stored.indexOf(':');
  const k = keys.find((candidate) => candidate.id === stored.slice(0, at));
  if (!k) return false;
  const want = Buffer.from(stored.slice(at + 1), 'hex');
  const got = createHmac('sha256', digestKey(k, purpose)).update(message).digest();
  return want.length === got.length && timingSafeEqual(want, got);
}

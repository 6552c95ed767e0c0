/**
 * Random keys the server uses to protect data at rest (e.g. the HMAC key of idempotency
 * fingerprints). Created once, in the database, so every instance uses the same key; never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Q } from '../../db/schema';

const cache = new WeakMap<object, Map<string, Promise<Buffer>>>();

export function serverSecret(db: Q, name: string): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = load(db, name);
    // A failed read is retried on the next call rather than remembered.
    const forget = byName;
    secret.catch(() => forget.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

async function load(db: Q, name: string): Promise<Buffer> {
  // Whoever inserts first wins; everyone then reads the same value.
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** Authenticator seeds at rest: sealed, bound to their row, and rotatable without locking anyone out. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../../src/contract/index';
import { backends, call, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from '../../test/helpers';
import { authenticatorContext, resealSecrets } from '../identity/users';
import { keyedDigest, matchesKeyedDigest, open, parseSecretsKeys, type SecretsKey, seal, setSecretsKeys } from './secret-box';

const key = (id: string): SecretsKey => ({ id, key: randomBytes(32) });
const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';

describe('sealing', () => {
  afterEach(() => setSecretsKeys([key('ephemeral')]));

  it('opens only in its own place, with a configured key', () => {
    const k1 = key('k1');
    setSecretsKeys([k1]);
    const sealed = seal('JBSWY3DPEHPK3PXP', 'users.google:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^sealed:v1:k1:/);
    expect(open(sealed, 'users.google:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open(sealed, 'users.google:2')).toThrow();
    setSecretsKeys([key('k2')]);
    expect(() => open(sealed, 'users.google:1')).toThrow(/no secrets key "k1"/);
  });

  it('keys the digests of short codes, checkable across a rotation', () => {
    const k1 = key('k1');
    setSecretsKeys([k1]);
    const digest = keyedDigest('verification-code', 'email:a@b.co:123456');
    expect(digest).toMatch(/^k1:[0-9a-f]{64}$/);
    expect(matchesKeyedDigest(digest, 'verification-code', 'email:a@b.co:123456')).toBe(true);
    expect(matchesKeyedDigest(digest, 'verification-code', 'email:a@b.co:123457')).toBe(false);
    expect(matchesKeyedDigest(digest, 'other-purpose', 'email:a@b.co:123456')).toBe(false);
    setSecretsKeys([key('k2'), k1]);
    expect(matchesKeyedDigest(digest, 'verification-code', 'email:a@b.co:123456')).toBe(true);
    setSecretsKeys([key('k2')]);
    expect(matchesKeyedDigest(digest, 'verification-code', 'email:a@b.co:123456')).toBe(false);
  });

  it('reads SECRETS_KEY as id:base64 entries of 32-byte keys', () => {
    const b64 = randomBytes(32).toString('base64');
    expect(parseSecretsKeys(`new:${b64}, old:${b64}`).map((k) => k.id)).toEqual(['new', 'old']);
    expect(() => parseSecretsKeys('k1:c2hvcnQ=')).toThrow(/32-byte/);
    expect(() => parseSecretsKeys(`a:${b64},a:${b64}`)).toThrow(/differ/);
  });
});

describe.each(backends)('authenticator seeds at rest on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'secret_box');
    app = await makeApp(env);
  });
  afterAll(async () => {
    setSecretsKeys([key('ephemeral')]);
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  it('stores no usable seed, survives a key rotation, and reseals old and legacy values', async () => {
    const old = key('old');
    setSecretsKeys([old]);
    const u = await makeUser(env.db, { password: 'Login1234', tradePassword: '123456', usdt: '50' });
    const { secret } = ok<{ secret: string }>(
      api.authenticator.secret,
      await call(app, api.authenticator.secret, { token: u.token, body: { loginPassword: 'Login1234' } }),
    );
    ok(
      api.authenticator.bind,
      await call(app, api.authenticator.bind, { token: u.token, body: { code: await generate({ secret }) } }),
    );
    const stored = async () =>
      (await env.db.selectFrom('users').select('google_secret').where('id', '=', u.id).executeTakeFirstOrThrow()).google_secret!;
    expect(await stored()).not.toContain(secret);
    expect(await stored()).toMatch(/^sealed:v1:old:/);

    // Rotation: the new key first, the old one still listed; codes keep working meanwhile.
    const fresh = key('new');
    setSecretsKeys([fresh, old]);
    await env.db.updateTable('users').set({ google_last_step: null }).where('id', '=', u.id).execute();
    const withdraw = await call(app, api.money.withdraw, {
      token: u.token,
      headers: { 'idempotency-key': 'secret-box-withdraw-1' },
      body: {
        channelId: 'usdt-trc20',
        address: DEST,
        amount: '10',
        tradePassword: '123456',
        googleCode: await generate({ secret }),
      },
    });
    expect(withdraw.json.code).toBe(200);
    // A seed stored in the clear by an older version is resealed too.
    const other = await makeUser(env.db);
    await env.db.updateTable('users').set({ google_secret: 'KRSXG5CTMVRXEZLU' }).where('id', '=', other.id).execute();
    expect(await resealSecrets(env.db)).toEqual({ resealed: 2 });
    expect(await resealSecrets(env.db)).toEqual({ resealed: 0 });
    setSecretsKeys([fresh]);
    expect(await stored()).toMatch(/^sealed:v1:new:/);
    expect(open(await stored(), authenticatorContext(u.id))).toBe(secret);
    const legacy = await env.db.selectFrom('users').select('google_secret').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(open(legacy.google_secret!, authenticatorContext(other.id))).toBe('KRSXG5CTMVRXEZLU');

    // A sealed seed copied onto another user's row does not open there.
    await env.db
      .updateTable('users')
      .set({ google_secret: await stored() })
      .where('id', '=', other.id)
      .execute();
    expect(() => open(legacy.google_secret!, authenticatorContext(u.id))).toThrow();
  });
});

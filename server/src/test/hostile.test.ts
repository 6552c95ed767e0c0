/**
 * Bad input, server side: fast-check posts hostile values to the real app (`app.inject`), one field
 * at a time into an otherwise valid request — empty, whitespace, 10,000 characters, confusable,
 * zero-width and bidi characters (inside addresses and identities), negative, exponent, hex, too many
 * decimals, 0, max + 1 unit, full-width digits, markup, wrong JSON types. Every one is answered with
 * an envelope error (code ≠ 200, never HTTP 500) and changes nothing: balances, journal, records,
 * swaps, participations, users' secrets, sessions, codes and idempotency keys stay as they were.
 */

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/contract/endpoint';
import { api } from '../../../src/contract/index';
import { authenticatorContext } from '../services/identity/users';
import { open } from '../services/platform/secret-box';
import { call, idem, ipSequence, makeApp, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const RUNS = 40;
const DEST = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const BIDI = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f'];
/** Latin → look-alike (Cyrillic, Greek, full-width). */
const CONFUSABLE: Record<string, string> = {
  T: 'Т',
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  x: 'х',
  N: 'Ν',
  '1': '１',
  '0': 'О',
};
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "'; drop table users; --",
];
const WRONG_TYPES: unknown[] = [null, 10, 0, -1, true, [], {}, ['x'], { $gt: '' }];

const insertAt = (s: string, i: number, ch: string) => s.slice(0, i) + ch + s.slice(i);

/** Hostile strings derived from a field's valid value, plus the generic ones. */
function hostile(valid: string, extra: unknown[] = []): fc.Arbitrary<unknown> {
  const pos = fc.nat({ max: valid.length });
  const confusable = Object.keys(CONFUSABLE).filter((k) => valid.includes(k));
  return fc.oneof(
    fc.constantFrom<unknown>(
      '',
      ' ',
      '   ',
      '\t\n',
      '\u3000',
      'x'.repeat(10_000),
      '9'.repeat(10_000),
      ...MARKUP,
      ...WRONG_TYPES,
      ...extra,
    ),
    fc.tuple(fc.constantFrom(...INVISIBLE), pos).map(([ch, i]) => insertAt(valid, i, ch)),
    fc.tuple(fc.constantFrom(...BIDI), pos).map(([ch, i]) => insertAt(valid, i, ch)),
    fc.constantFrom(` ${valid}`, `${valid} `, `${valid}\u0000`, valid.repeat(400)),
    ...(confusable.length
      ? [fc.constantFrom(...confusable).map((k) => valid.replace(k, CONFUSABLE[k]!))]
      : [fc.constant(`${valid}\u0301`)]),
  );
}

/** Amounts: sign, exponent, hex, decimals, zero, max + 1 unit, localized digits. */
const badAmounts = (max: string) => [
  '-10',
  '-0.5',
  '1e5',
  '1E2',
  '0x10',
  '0b11',
  '10.1234567',
  '10.0000000000000000001',
  '0',
  '0.0',
  '000',
  `${max}.000001`,
  '99999999999999999999999999999999',
  '+10',
  '.5',
  '10.',
  '10,5',
  '1_000',
  'NaN',
  'Infinity',
  '１０',
  '١٠',
  '10\u200b',
];
/** New login passwords that break the rules (8–64, a letter and a digit). */
const badNewPasswords = ['Ab1', 'abcdefgh', '12345678', '\u200b'.repeat(12), 'Aa1'.repeat(30), '<script></script>'];

let env: TestEnv;
let app: FastifyInstance;
const freshIp = ipSequence('10.77');
let keyN = 0;

/** Everything a refused request must leave untouched (lockout counters may move: they count failures). */
async function snapshot(): Promise<string> {
  const r = await sql<{ s: string }>`select concat_ws('|',
      (select count(*) from journal), (select coalesce(sum(abs(amount)), 0) from journal),
      (select string_agg(user_id || currency || available || '/' || frozen, ',' order by user_id, currency) from balances),
      (select count(*) from records), (select count(*) from swaps), (select count(*) from participations),
      (select string_agg(id || password_hash || coalesce(trade_password_hash, '') || coalesce(google_secret, '') ||
         coalesce(google_pending_secret, '') || coalesce(google_last_step::text, ''), ',' order by id) from users),
      (select count(*) from sessions where revoked_at is null), (select count(*) from verification_codes where used_at is null),
      (select count(*) from verification_codes), (select count(*) from idempotency_keys), (select count(*) from wallets)) as s`.execute(
    env.db,
  );
  return r.rows[0]!.s;
}

interface Case {
  ep: Endpoint;
  token?: string;
  base: Record<string, unknown>;
  fields: Record<string, fc.Arbitrary<unknown>>;
  idempotent?: boolean;
}

async function expectRefusedUnchanged(c: Case) {
  const before = await snapshot();
  const entries = Object.entries(c.fields).map(([field, arb]) => arb.map((v) => [field, v] as const));
  await fc.assert(
    fc.asyncProperty(fc.oneof(...entries), async ([field, value]) => {
      const headers: Record<string, string> = c.idempotent ? idem(`hostile-${keyN++}`) : {};
      let body: Record<string, unknown> = { ...c.base, [field]: value };
      if (field === '@key') {
        body = c.base;
        headers['idempotency-key'] = String(value);
      }
      const r = await call(app, c.ep, {
        body,
        headers,
        remoteAddress: freshIp(),
        ...(c.token ? { token: c.token } : {}),
      }).catch((e: unknown) => ({ status: -1, json: { code: -1, msg: String(e) } }));
      const where = `${c.ep.path} ${field}=${JSON.stringify(value)?.slice(0, 80)}`;
      expect(r.status, where).not.toBe(500);
      expect(typeof r.json.code, where).toBe('number');
      expect(typeof r.json.msg, where).toBe('string');
      expect(r.json.code, `${where}: ${r.json.msg}`).not.toBe(200);
      expect(await snapshot(), `state changed by ${where}`).toBe(before);
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
}

let u: Awaited<ReturnType<typeof makeUser>>;
let g: Awaited<ReturnType<typeof makeUser>>;
let activityId = '';
let imageId = '';
let resetCode = '';

beforeAll(async () => {
  env = await setupDb('pglite', 'hostile');
  app = await makeApp(env);
  await resetDb(env.db);
  u = await makeUser(env.db, { password: 'Passw0rd!', tradePassword: '123456', usdt: '1000' });
  g = await makeUser(env.db, { password: 'Passw0rd!' });
  // g has a pending authenticator secret.
  expect((await call(app, api.authenticator.secret, { token: g.token, body: { loginPassword: 'Passw0rd!' } })).json.code).toBe(
    200,
  );
  // A valid reset code for u (never consumed by a refused request).
  await call(app, api.auth.phoneCode, { body: { areaCode: '1', phone: u.phone, scene: 'reset' }, remoteAddress: freshIp() });
  const row = await env.db.selectFrom('outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow();
  resetCode = /\b(\d{6})\b/.exec(row.body)![1]!;
  const now = Date.now();
  const a = await env.db
    .insertInto('activities')
    .values({
      title: 'Hostile week',
      summary: 's',
      content: 'c',
      rules: JSON.stringify([]),
      partner_name: 'Bitora',
      reward_amount: '10',
      reward_currency: 'TSR',
      pool_total: '1000',
      pool_remaining: '1000',
      start_at: new Date(now - 86400_000),
      end_at: new Date(now + 86400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  activityId = String(a.id);
  await env.db
    .insertInto('uploads')
    .values({ id: 'hostileimage0001', user_id: u.id, mime: 'image/png', size: 10, file_name: 'hostileimage0001.png' })
    .execute();
  imageId = 'hostileimage0001';
});
afterAll(async () => {
  await app.close();
  await env.close();
});

describe('hostile input is refused with an envelope error and changes nothing', () => {
  it('register', async () => {
    await expectRefusedUnchanged({
      ep: api.auth.register,
      base: { type: 'email', email: 'new.user@example.com', code: '123456', password: 'Secret123', agreed: true },
      fields: {
        email: hostile('new.user@example.com', ['a@b', '@example.com', 'a@@example.com', 'a b@example.com']),
        code: hostile('123456', ['12345', '1234567', '１２３４５６']),
        password: hostile('Secret123', badNewPasswords).filter(
          (v) => typeof v !== 'string' || !/^.{8,64}$/su.test(v) || !/\d/.test(v) || !/[A-Za-z]/.test(v),
        ),
        type: hostile('email', ['EMAIL', 'admin']),
        agreed: fc.constantFrom<unknown>(false, 'true', 1, null),
        inviteCode: hostile('ABCD1234'),
      },
    });
  });

  it('login', async () => {
    await expectRefusedUnchanged({
      ep: api.auth.login,
      base: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Passw0rd!' },
      fields: {
        phone: hostile(u.phone, ['-5550100', '5550100e1', '0x10']),
        areaCode: hostile('1', ['+1', '-1', '12345']),
        password: hostile('Passw0rd!'),
        type: hostile('phone'),
      },
    });
    await env.db.deleteFrom('lockouts').execute();
  });

  it('password reset', async () => {
    await expectRefusedUnchanged({
      ep: api.auth.resetPassword,
      base: { type: 'phone', areaCode: '1', phone: u.phone, code: resetCode, password: 'Another123' },
      fields: {
        phone: hostile(u.phone),
        code: hostile(resetCode, ['１２３４５６']),
        password: hostile('Another123', badNewPasswords).filter(
          (v) => typeof v !== 'string' || !/^.{8,64}$/su.test(v) || !/\d/.test(v) || !/[A-Za-z]/.test(v),
        ),
      },
    });
    await env.db.deleteFrom('lockouts').execute();
  });

  it('verification code requests (phone and e-mail)', async () => {
    await expectRefusedUnchanged({
      ep: api.auth.emailCode,
      base: { email: 'fresh@example.com', scene: 'register' },
      fields: {
        email: hostile('fresh@example.com', ['fresh@example', 'fresh@exa mple.com', 'ﬀ@example.com']),
        scene: hostile('register', ['login', 'REGISTER']),
      },
    });
    await expectRefusedUnchanged({
      ep: api.auth.phoneCode,
      base: { areaCode: '44', phone: '7700900999', scene: 'register' },
      fields: {
        phone: hostile('7700900999', ['123', '1'.repeat(16), '+447700900999', '7700 900999']),
        areaCode: hostile('44', ['+44', '00044']),
      },
    });
  });

  it('withdraw', async () => {
    await expectRefusedUnchanged({
      ep: api.money.withdraw,
      token: u.token,
      idempotent: true,
      base: { channelId: 'usdt-trc20', address: DEST, amount: '10', tradePassword: '123456' },
      fields: {
        address: hostile(DEST, [
          'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
          '0x52908400098527886E0F7030069857D2E4169EE7',
          `\u202e${DEST.split('').reverse().join('')}`,
          DEST.toLowerCase(),
        ]),
        amount: hostile('10', badAmounts('50000')),
        channelId: hostile('usdt-trc20', ['../usdt-trc20', 'USDT-TRC20']),
        tradePassword: hostile('123456', ['12345', '1234567', '１２３４５６']),
        googleCode: hostile('123456'),
        '@key': fc.constantFrom('', 'short', 'k'.repeat(129), '<script>x</script>', 'key with spaces'),
      },
    });
  });

  it('swap', async () => {
    await expectRefusedUnchanged({
      ep: api.exchange.swap,
      token: u.token,
      idempotent: true,
      base: { pairId: 'usdt-trx', amount: '5', tradePassword: '123456' },
      fields: {
        amount: hostile('5', badAmounts('50000')),
        pairId: hostile('usdt-trx', ['trx-trx', 'USDT-TRX']),
        tradePassword: hostile('123456'),
        '@key': fc.constantFrom('', 'short', 'k'.repeat(129)),
      },
    });
  });

  it('participate', async () => {
    await expectRefusedUnchanged({
      ep: api.activity.participate,
      token: u.token,
      idempotent: true,
      base: { activityId, partnerUid: 'uid_0001', imageIds: [imageId] },
      fields: {
        partnerUid: hostile('uid_0001', ['uid', 'u'.repeat(33), 'uid 0001', 'uid/../1']),
        activityId: hostile(activityId, ['-1', '1e3', '0x1', '999999']),
        imageIds: fc.constantFrom<unknown>([], [''], ['<script>'], ['../../etc/passwd'], 'x', null, Array(1000).fill('x')),
      },
    });
  });

  it('trade password and login password changes', async () => {
    await expectRefusedUnchanged({
      ep: api.member.modifyTradePassword,
      token: u.token,
      base: { newPassword: '650321', oldPassword: '123456' },
      fields: {
        newPassword: hostile('650321', ['12345', '1234567', '１２３４５６', '12345a']),
        oldPassword: hostile('123456'),
        googleCode: hostile('123456'),
      },
    });
    await expectRefusedUnchanged({
      ep: api.member.modifyPassword,
      token: u.token,
      base: { oldPassword: 'Passw0rd!', newPassword: 'Newpassw0rd' },
      fields: {
        newPassword: hostile('Newpassw0rd', badNewPasswords).filter(
          (v) => typeof v !== 'string' || !/^.{8,64}$/su.test(v) || !/\d/.test(v) || !/[A-Za-z]/.test(v),
        ),
        oldPassword: hostile('Passw0rd!'),
        googleCode: hostile('123456'),
      },
    });
    await env.db.deleteFrom('lockouts').execute();
  });

  it('authenticator binding', async () => {
    const pending = await env.db
      .selectFrom('users')
      .select('google_pending_secret')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    const good = await generate({ secret: open(pending.google_pending_secret!, authenticatorContext(g.id)) });
    await expectRefusedUnchanged({
      ep: api.authenticator.bind,
      token: g.token,
      base: { code: good },
      fields: { code: hostile(good, ['１２３４５６', `${good}0`, good.slice(1)]) },
    });
    await expectRefusedUnchanged({
      ep: api.authenticator.secret,
      token: u.token,
      base: { loginPassword: 'Passw0rd!' },
      fields: { loginPassword: hostile('Passw0rd!') },
    });
  });

  it('NUL characters anywhere (path, query, body) are a 400, never a database error', async () => {
    const before = await snapshot();
    const cases: Array<[Endpoint, Parameters<typeof call>[2]]> = [
      [api.money.channelDetail, { params: { id: 'usdt-trc20\u0000' } }],
      [api.notify.detail, { params: { id: '1\u0000' } }],
      [api.activity.detail, { params: { id: `${activityId}\u0000` } }],
      [api.money.transactions, { query: { currency: 'USDT\u0000' } }],
      [api.money.deposit, { body: { currency: 'USDT\u0000', network: 'TRC20' } }],
      [
        api.exchange.swap,
        { body: { pairId: 'usdt-trx\u0000', amount: '5', tradePassword: '123456' }, headers: idem('nul-0001') },
      ],
      [
        api.money.withdraw,
        {
          body: { channelId: 'usdt-trc20\u0000', address: DEST, amount: '10', tradePassword: '123456' },
          headers: idem('nul-0002'),
        },
      ],
      [api.auth.login, { body: { type: 'email', email: 'a\u0000@example.com', password: 'Passw0rd!' } }],
      [api.auth.login, { body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Passw0rd!\u0000' } }],
    ];
    for (const [ep, o] of cases) {
      const r = await call(app, ep, { token: u.token, ...o });
      expect([r.status, r.json.code], `${ep.path} ${JSON.stringify(o)}`).toEqual([200, 400]);
    }
    expect(await snapshot()).toBe(before);
    await env.db.deleteFrom('lockouts').execute();
  });
});

describe('deeply nested JSON', () => {
  it('5000 nested arrays or objects are a 400, never a crash or an HTTP 500', async () => {
    const u = await makeUser(env.db);
    for (const payload of ['['.repeat(5000) + ']'.repeat(5000), `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`]) {
      for (const url of ['/api/wallet/exchange/record', '/auth/login']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, url).not.toBe(500);
        expect(res.json(), url).toMatchObject({ code: 400 });
      }
    }
  });
});

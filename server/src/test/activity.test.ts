/** Uploads, activities (participate, review, resubmit, claim), messages, reference data and /ops. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { SOLID_AFTER } from '../../test-support/chain';
import { dec } from '../common/decimal';
import { watchDeposits } from '../jobs/deposits';
import { blobStoreFor } from '../services/platform/blob-store';
import { DAILY_UPLOADS, deleteUnusedUploads } from '../services/platform/uploads';
import {
  backends,
  call,
  idem,
  makeActivity,
  makeApp,
  makeUser,
  ok,
  resetDb,
  setupDb,
  type TestEnv,
  TINY_PNG,
  uploadImage,
} from './helpers';

describe.each(backends)('activities, messages and ops on %s', (backend) => {
  const PNG = TINY_PNG;
  const OPS = 'test-ops-token-0123456789';
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'activity', { chain: true });
    app = await makeApp(env, { opsToken: OPS });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const upload = (token: string, data: Buffer, filename?: string, type?: string) => uploadImage(app, token, data, filename, type);
  const ops = (
    command: string,
    args: string[] = [],
    headers: Record<string, string> = { 'x-ops-token': OPS },
    remoteAddress = '127.0.0.1',
  ) => app.inject({ method: 'POST', url: `/ops/${command}`, headers, payload: { args }, remoteAddress });

  describe('uploads', () => {
    it('sniffs the content, limits the size and stores under a generated name', async () => {
      const u = await makeUser(env.db);
      const r = await upload(u.token, PNG, '../../../evil.png');
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ mime: 'image/png', size: PNG.length });
      const files = readdirSync(path.join(env.dataDir, 'uploads'));
      expect(files).toEqual([`${r.data!.id}.png`]);
      expect(files[0]).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(existsSync(path.join(env.dataDir, '..', 'evil.png'))).toBe(false);
      expect((await upload(u.token, Buffer.from('just text, not an image'), 'fake.png')).code).toBe(4002);
      expect((await upload(u.token, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'a.gif', 'image/gif')).code).toBe(4002);
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      expect((await upload(u.token, big)).code).toBe(4001);
      const noAuth = await app.inject({ method: 'POST', url: '/file/upload', payload: { file: 'x' } });
      expect(noAuth.statusCode).toBe(401);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/file/upload',
            headers: { authorization: `Bearer ${u.token}` },
            payload: { file: 'x' },
          })
        ).json().code,
      ).toBe(400);
      expect((await app.inject({ method: 'GET', url: `/uploads/${files[0]}` })).statusCode).toBe(404);
    });

    it('refuses uploads past the daily quota, also when they arrive all at once', async () => {
      const u = await makeUser(env.db);
      const answers = await Promise.all(Array.from({ length: DAILY_UPLOADS + 5 }, () => upload(u.token, PNG)));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(DAILY_UPLOADS);
      expect(answers.filter((a) => a.code === 4003)).toHaveLength(5);
      // Refused uploads leave no file behind.
      const stored = new Set(readdirSync(path.join(env.dataDir, 'uploads')).map((f) => f.split('.')[0]));
      expect((await env.db.selectFrom('uploads').select('id').execute()).every((r) => stored.has(r.id))).toBe(true);
      expect(stored.size).toBeLessThanOrEqual(DAILY_UPLOADS + 1);
      // Another user is not affected; a day later the quota is free again.
      expect((await upload((await makeUser(env.db)).token, PNG)).code).toBe(200);
      await env.db
        .updateTable('uploads')
        .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
        .where('user_id', '=', u.id)
        .execute();
      expect((await upload(u.token, PNG)).code).toBe(200);
    });

    it('answers an upload back to its owner only, never cached, never by a path', async () => {
      const owner = await makeUser(env.db);
      const other = await makeUser(env.db);
      const id = (await upload(owner.token, PNG)).data!.id;
      const get = (token: string | null, imageId: string) =>
        app.inject({ method: 'GET', url: `/file/image/${imageId}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

      const mine = await get(owner.token, id);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(mine.rawPayload.equals(PNG)).toBe(true);

      expect((await get(null, id)).statusCode).toBe(401);
      expect((await get(other.token, id)).json()).toMatchObject({ code: 404 });
      expect((await get(owner.token, 'f'.repeat(32))).json()).toMatchObject({ code: 404 });
      for (const bad of ['..%2F..%2Fetc%2Fpasswd', `${id}.png`, 'short']) {
        expect((await get(owner.token, bad)).json()).toMatchObject({ code: 400 });
      }
    });
  });

  describe('activities', () => {
    const activity = (opts: { open?: boolean; reward?: string; pool?: string } = {}) => makeActivity(env.db, opts);

    it('deletes uploads no participation uses once they are a day old, files included', async () => {
      const u = await makeUser(env.db);
      const used = (await upload(u.token, PNG)).data!.id;
      const unused = (await upload(u.token, PNG)).data!.id;
      const recent = (await upload(u.token, PNG)).data!.id;
      ok(
        api.activity.participate,
        await call(app, api.activity.participate, {
          token: u.token,
          body: { activityId: await activity(), partnerUid: 'uid_0042', imageIds: [used] },
          headers: idem('clean-up-0001'),
        }),
      );
      await env.db
        .updateTable('uploads')
        .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
        .where('id', 'in', [used, unused])
        .execute();
      expect(await deleteUnusedUploads(env.db, blobStoreFor(env.config))).toBe(1);
      const left = (await env.db.selectFrom('uploads').select('id').execute()).map((r) => r.id).sort();
      expect(left).toEqual([used, recent].sort());
      // Files of earlier tests share the folder: look at these three only.
      const files = readdirSync(path.join(env.dataDir, 'uploads')).map((f) => f.split('.')[0]);
      expect(files).toContain(used);
      expect(files).toContain(recent);
      expect(files).not.toContain(unused);
    });

    it('runs participate → review → claim, with every refusal', async () => {
      const u = await makeUser(env.db);
      const v = await makeUser(env.db);
      const act = await activity();
      const closed = await activity({ open: false });
      const img = (await upload(u.token, PNG)).data!.id;
      const vImg = (await upload(v.token, PNG)).data!.id;
      const part = (token: string, body: object, k: string) =>
        call(app, api.activity.participate, { token, body, headers: idem(k) });
      expect((await part(u.token, { activityId: act, partnerUid: 'uid_0001', imageIds: [vImg] }, 'p-key-0001')).json.code).toBe(
        400,
      );
      expect((await part(u.token, { activityId: closed, partnerUid: 'uid_0001', imageIds: [img] }, 'p-key-0002')).json.code).toBe(
        3005,
      );
      expect((await part(u.token, { activityId: '999', partnerUid: 'uid_0001', imageIds: [img] }, 'p-key-0003')).json.code).toBe(
        404,
      );
      const body = { activityId: act, partnerUid: 'uid_0001', imageIds: [img] };
      const p = ok<{ id: string; status: string }>(api.activity.participate, await part(u.token, body, 'p-key-0004'));
      expect(p.status).toBe('review');
      expect((await part(u.token, body, 'p-key-0004')).json.data).toEqual(p);
      expect((await part(u.token, body, 'p-key-0005')).json.code).toBe(3004);
      expect((await part(v.token, { activityId: act, partnerUid: 'uid_0001', imageIds: [vImg] }, 'p-key-0006')).json.code).toBe(
        3001,
      );
      const claim = (k: string, id = p.id) =>
        call(app, api.activity.claim, { token: u.token, body: { participationId: id }, headers: idem(k) });
      expect((await claim('c-key-0001')).json.code).toBe(3002);
      const review = ok<{ list: Array<{ id: string }> }>(
        api.activity.list,
        await call(app, api.activity.list, { token: u.token, query: { tab: 'review' } }),
      );
      expect(review.list.map((a) => a.id)).toEqual([act]);
      expect((await ops('approve', [p.id])).json()).toMatchObject({ code: 200, data: { status: 'approved' } });
      expect((await ops('approve', [p.id])).json().code).toBe(409);
      // The decision reaches the user's message center once (the refused second approval sends none).
      const told = ok<{ list: Array<{ title: string; content: string }> }>(
        api.notify.list,
        await call(app, api.notify.list, { token: u.token }),
      );
      expect(told.list.filter((m) => m.title === 'Activity approved')).toHaveLength(1);
      expect(told.list.find((m) => m.title === 'Activity approved')?.content).toMatch(
        /was approved: claim your \u2066\d+ TSR\u2069/,
      );
      const claimed = ok<{ status: string }>(api.activity.claim, await claim('c-key-0002'));
      expect(claimed.status).toBe('claimed');
      expect((await claim('c-key-0002')).json.data).toEqual(claimed);
      expect((await claim('c-key-0003')).json.code).toBe(3003);
      const bal = await env.db
        .selectFrom('balances')
        .select('available')
        .where('user_id', '=', u.id)
        .where('currency', '=', 'TSR')
        .executeTakeFirstOrThrow();
      expect(dec(bal.available).toFixed()).toBe('200');
      const recs = await env.db
        .selectFrom('records')
        .selectAll()
        .where('user_id', '=', u.id)
        .where('type', '=', 'activity')
        .execute();
      expect(recs.map((r) => r.status)).toEqual(['success']);
      const done = ok<{ list: Array<{ id: string }> }>(
        api.activity.list,
        await call(app, api.activity.list, { token: u.token, query: { tab: 'completed' } }),
      );
      expect(done.list.map((a) => a.id)).toEqual([act]);
      const status = ok<{ status: string; remaining: string }>(
        api.activity.prizePoolStatus,
        await call(app, api.activity.prizePoolStatus, { token: u.token }),
      );
      expect(status).toMatchObject({ status: 'open', remaining: '800' });
      const detail = ok<{ rules: string[]; participation: { status: string } }>(
        api.activity.detail,
        await call(app, api.activity.detail, { token: u.token, params: { id: act } }),
      );
      expect(detail.participation.status).toBe('claimed');
      expect((await call(app, api.activity.detail, { token: u.token, params: { id: '12345' } })).json.code).toBe(404);
    });

    it('resubmits only after a rejection, keeping partner IDs unique', async () => {
      const u = await makeUser(env.db);
      const v = await makeUser(env.db);
      const act = await activity();
      const img = (await upload(u.token, PNG)).data!.id;
      const vImg = (await upload(v.token, PNG)).data!.id;
      const p = ok<{ id: string }>(
        api.activity.participate,
        await call(app, api.activity.participate, {
          token: u.token,
          body: { activityId: act, partnerUid: 'uid_u', imageIds: [img] },
          headers: idem('r-key-0001'),
        }),
      );
      ok(
        api.activity.participate,
        await call(app, api.activity.participate, {
          token: v.token,
          body: { activityId: act, partnerUid: 'uid_v', imageIds: [vImg] },
          headers: idem('r-key-0002'),
        }),
      );
      const resubmit = (partnerUid: string) =>
        call(app, api.activity.resubmit, { token: u.token, body: { participationId: p.id, partnerUid, imageIds: [img] } });
      expect((await resubmit('uid_u2')).json.code).toBe(3006);
      expect((await ops('reject', [p.id, 'Blurry', 'screenshot'])).json().code).toBe(200);
      const rec = await env.db.selectFrom('records').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
      expect(rec).toMatchObject({ status: 'review_rejected', reason: 'Blurry screenshot' });
      const rejected = ok<{ list: Array<{ status: string; reason: string }> }>(
        api.activity.records,
        await call(app, api.activity.records, { token: u.token }),
      );
      expect(rejected.list[0]).toMatchObject({ status: 'rejected', reason: 'Blurry screenshot' });
      const toldRejected = ok<{ list: Array<{ title: string; content: string }> }>(
        api.notify.list,
        await call(app, api.notify.list, { token: u.token }),
      );
      expect(toldRejected.list.find((m) => m.title === 'Activity not approved')?.content).toContain(': Blurry screenshot.');
      expect((await resubmit('uid_v')).json.code).toBe(3001);
      const again = ok<{ status: string; partnerUid: string }>(api.activity.resubmit, await resubmit('uid_u2'));
      expect(again).toMatchObject({ status: 'review', partnerUid: 'uid_u2' });
      expect(
        (await env.db.selectFrom('records').select('status').where('user_id', '=', u.id).executeTakeFirstOrThrow()).status,
      ).toBe('pending_review');
    });
  });

  describe('messages', () => {
    it('lists, reads, counts, pops up and deletes messages', async () => {
      const u = await makeUser(env.db);
      const other = await makeUser(env.db);
      expect(ok(api.notify.popup, await call(app, api.notify.popup, { token: u.token }))).toBeNull();
      expect((await ops('publish', ['Hello', 'First message'])).json().data).toEqual({ recipients: 2 });
      await ops('publish', ['Popup', 'Important', '--popup']);
      await ops('publish', ['Third', 'x'.repeat(100)]);
      const list = ok<{ list: Array<{ id: string; title: string; summary: string }>; total: number }>(
        api.notify.list,
        await call(app, api.notify.list, { token: u.token, query: { pageSize: 2 } }),
      );
      expect(list.total).toBe(3);
      expect(list.list.map((m) => m.title)).toEqual(['Third', 'Popup']);
      expect(list.list[0]!.summary.length).toBeLessThanOrEqual(80);
      expect(ok(api.notify.unread, await call(app, api.notify.unread, { token: u.token }))).toBe(3);
      const popup = ok<{ id: string; title: string }>(api.notify.popup, await call(app, api.notify.popup, { token: u.token }));
      expect(popup.title).toBe('Popup');
      expect(
        ok<{ read: boolean }>(api.notify.detail, await call(app, api.notify.detail, { token: u.token, params: { id: popup.id } }))
          .read,
      ).toBe(true);
      expect(ok(api.notify.popup, await call(app, api.notify.popup, { token: u.token }))).toBeNull();
      expect(ok(api.notify.unread, await call(app, api.notify.unread, { token: u.token }))).toBe(2);
      expect((await call(app, api.notify.detail, { token: other.token, params: { id: popup.id } })).json.code).toBe(404);
      ok(api.notify.remove, await call(app, api.notify.remove, { token: u.token, params: { id: list.list[0]!.id } }));
      expect((await call(app, api.notify.remove, { token: u.token, params: { id: list.list[0]!.id } })).json.code).toBe(404);
      ok(api.notify.readAll, await call(app, api.notify.readAll, { token: u.token }));
      expect(ok(api.notify.unread, await call(app, api.notify.unread, { token: u.token }))).toBe(0);
      expect(ok(api.notify.unread, await call(app, api.notify.unread, { token: other.token }))).toBe(3);
    });
  });

  describe('reference data', () => {
    it('serves countries (whitelist subset, valid locale ids), coins, articles, contacts and config', async () => {
      const locales = [
        'en_US',
        'zh_CN',
        'zh_TW',
        'ja_JP',
        'ko_KR',
        'th_TH',
        'vi_VN',
        'id_ID',
        'ms_MY',
        'fil_PH',
        'km_KH',
        'my_MM',
        'lo_LA',
        'hi_IN',
        'bn_BD',
        'ur_PK',
        'ar_SA',
        'fa_IR',
        'he_IL',
        'tr_TR',
        'ru_RU',
        'uk_UA',
        'kk_KZ',
        'pl_PL',
        'cs_CZ',
        'de_DE',
        'fr_FR',
        'es_ES',
        'pt_BR',
        'pt_PT',
        'it_IT',
        'nl_NL',
        'sv_SE',
        'nb_NO',
        'fi_FI',
        'el_GR',
        'hu_HU',
        'ro_RO',
      ];
      const all = ok<Array<{ iso: string; languageCode: string }>>(api.misc.countryList, await call(app, api.misc.countryList));
      const allowed = ok<Array<{ iso: string }>>(
        api.misc.countryList,
        await call(app, api.misc.countryList, { query: { isWhitelist: '1' } }),
      );
      expect(all.length).toBeGreaterThanOrEqual(40);
      expect(allowed.length).toBeLessThan(all.length);
      expect(all.every((c) => locales.includes(c.languageCode))).toBe(true);
      expect((await call(app, api.misc.countryList, { query: { isWhitelist: 'yes' } })).json.code).toBe(400);
      const coins = ok<Array<{ symbol: string }>>(api.misc.coinList, await call(app, api.misc.coinList));
      expect(coins.map((c) => c.symbol)).toEqual(['USDT', 'TRX', 'TSR']);
      for (const t of ['agreement', 'privacy', 'about']) {
        const a = ok<{ content: string }>(api.misc.article, await call(app, api.misc.article, { params: { articleType: t } }));
        expect(a.content.length).toBeGreaterThan(200);
      }
      expect((await call(app, api.misc.article, { params: { articleType: 'secret' } })).json.code).toBe(400);
      expect(ok<unknown[]>(api.misc.customerList, await call(app, api.misc.customerList)).length).toBeGreaterThan(0);
      const cfg = ok<{ appVersion: string; testJsScript: string | null }>(
        api.misc.appConfig,
        await call(app, api.misc.appConfig),
      );
      expect(cfg).toMatchObject({ appVersion: '3.0.1', testJsScript: null, versionCode: 301, explorerTxUrl: null });
      expect((await ops('set-version', ['3.1.0'])).json().code).toBe(200);
      expect((await ops('set-version', ['latest'])).json().code).toBe(400);
      expect(ok<{ appVersion: string }>(api.misc.appConfig, await call(app, api.misc.appConfig)).appVersion).toBe('3.1.0');
    });
  });

  describe('/ops', () => {
    it('is refused without the token, with a wrong one, or from a non-loopback address', async () => {
      const u = await makeUser(env.db);
      expect((await ops('faucet', [String(u.id), 'USDT', '5'], {})).statusCode).toBe(403);
      expect((await ops('faucet', [String(u.id), 'USDT', '5'], { 'x-ops-token': `${OPS}x` })).statusCode).toBe(403);
      expect((await ops('faucet', [String(u.id), 'USDT', '5'], { 'x-ops-token': OPS }, '192.168.1.20')).statusCode).toBe(403);
      const chain = env.chain!;
      await watchDeposits(env.db, chain.gateway); // the watcher's starting block
      const r = (await ops('faucet', [`+1 ${u.phone}`, 'usdt', '5'])).json();
      expect(r).toMatchObject({ code: 200, data: { txId: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      // Sent on the devnet; credited once solidified, with the gift of the first deposit.
      expect(await env.db.selectFrom('records').select('id').execute()).toHaveLength(0);
      chain.produce(SOLID_AFTER + 1);
      expect(await watchDeposits(env.db, chain.gateway)).toBe(1);
      const credited = await env.db
        .selectFrom('records')
        .select(['type', 'amount', 'tx_id'])
        .where('user_id', '=', u.id)
        .execute();
      expect(credited.map((c) => [c.type, dec(c.amount).toFixed()]).sort()).toEqual([
        ['activation', '100'],
        ['deposit', '5'],
      ]);
      expect(credited.find((c) => c.type === 'deposit')!.tx_id).toBe(r.data.txId);
      expect((await ops('faucet', ['nobody@example.com', 'USDT', '5'])).json().code).toBe(1009);
      expect((await ops('faucet', [String(u.id), 'USDT', '-5'])).json().code).toBe(400);
      expect((await ops('frobnicate')).json().code).toBe(404);
      expect((await ops('expire-tokens', [String(u.id)])).json().data).toEqual({ revoked: 1 });
      expect((await call(app, api.member.memberInfo, { token: u.token })).status).toBe(401);
      const seeded = (await ops('seed')).json();
      expect(seeded.data.created).toBe(true);
      expect((await ops('seed')).json().data.created).toBe(false);
      expect((await ops('distribute')).json().data).toMatchObject({ skipped: expect.any(String) });
      const outbox = (await ops('outbox')).json();
      expect(outbox.code).toBe(200);
    });
  });
});

/**
 * Operator-written content in the reader's language: messages and activities carry translations,
 * a request's `content-language` picks one, English is the fallback, and every answer says which
 * language it is in. Messages the server writes itself (a review's outcome) come in every language.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { publish } from '../services/messages/messages';
import { runOps } from '../services/platform/ops';
import { review } from '../services/rewards/campaign-review';
import { backends, call, idem, makeApp, makeUser, ok, resetDb, setupDb, type TestEnv } from './helpers';

type Listed<T> = { list: T[] };
type Message = { id: string; title: string; summary: string; content: string; lang: string };
type Activity = { id: string; title: string; summary: string; lang: string; content?: string; rules?: string[] };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe.each(backends)('content in the reader’s language on %s', (backend) => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb(backend, 'content_language');
    app = await makeApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  beforeEach(() => resetDb(env.db));

  const inLanguage = (locale?: string): Record<string, string> => (locale ? { 'content-language': locale } : {});

  async function messages(token: string, locale?: string) {
    return ok<Listed<Message>>(
      api.notify.list,
      await call(app, api.notify.list, { token, query: { page: 1, pageSize: 20 }, headers: inLanguage(locale) }),
    ).list;
  }

  it('gives a message in the language asked for, English when it has no translation', async () => {
    const u = await makeUser(env.db);
    await publish(
      env.db,
      {
        title: 'Maintenance',
        content: 'Withdrawals pause tonight.',
        translations: { ja_JP: { title: 'メンテナンス', content: '今夜は出金を一時停止します。' } },
      },
      true,
      u.id,
    );
    const [ja] = await messages(u.token, 'ja_JP');
    expect(ja).toMatchObject({ title: 'メンテナンス', summary: '今夜は出金を一時停止します。', lang: 'ja_JP' });
    expect((await messages(u.token, 'fr_FR'))[0]).toMatchObject({ title: 'Maintenance', lang: 'en_US' });
    expect((await messages(u.token))[0]).toMatchObject({ title: 'Maintenance', lang: 'en_US' });
    // Not a language the server knows: English, never an error.
    expect((await messages(u.token, 'xx_XX'))[0]).toMatchObject({ title: 'Maintenance', lang: 'en_US' });

    const detail = ok<Message>(
      api.notify.detail,
      await call(app, api.notify.detail, { token: u.token, params: { id: ja!.id }, headers: inLanguage('ja_JP') }),
    );
    expect(detail).toMatchObject({ content: '今夜は出金を一時停止します。', lang: 'ja_JP' });
  });

  it('gives an activity, its detail and the participation records in the language asked for', async () => {
    const u = await makeUser(env.db);
    const now = Date.now();
    const { id } = await env.db
      .insertInto('activities')
      .values({
        title: 'Trading week',
        summary: 'Trade and earn',
        content: 'Details',
        rules: JSON.stringify(['One per account']),
        translations: JSON.stringify({
          ja_JP: { title: '取引ウィーク', summary: '取引して獲得', content: '詳細', rules: ['1アカウントにつき1回'] },
        }),
        partner_name: 'Bitora',
        reward_amount: '200',
        reward_currency: 'TSR',
        pool_total: '1000',
        pool_remaining: '1000',
        start_at: new Date(now - 86400_000),
        end_at: new Date(now + 86400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (locale?: string) =>
      call(app, api.activity.list, { token: u.token, query: { page: 1, pageSize: 20, tab: 'all' }, headers: inLanguage(locale) });
    expect(ok<Listed<Activity>>(api.activity.list, await list('ja_JP')).list[0]).toMatchObject({
      title: '取引ウィーク',
      lang: 'ja_JP',
    });
    expect(ok<Listed<Activity>>(api.activity.list, await list('de_DE')).list[0]).toMatchObject({
      title: 'Trading week',
      lang: 'en_US',
    });
    const detail = ok<Activity>(
      api.activity.detail,
      await call(app, api.activity.detail, { token: u.token, params: { id: String(id) }, headers: inLanguage('ja_JP') }),
    );
    expect(detail).toMatchObject({ content: '詳細', rules: ['1アカウントにつき1回'], lang: 'ja_JP' });

    // Joining it, then the decision: the message names the activity in each reader's language.
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
    const upload = await app.inject({
      method: 'POST',
      url: '/file/upload',
      headers: { authorization: `Bearer ${u.token}` },
      payload: form,
    });
    const imageId = (upload.json() as { data: { id: string } }).data.id;
    const joined = ok<{ id: string; activityTitle: string }>(
      api.activity.participate,
      await call(app, api.activity.participate, {
        token: u.token,
        body: { activityId: String(id), partnerUid: 'uid_0042', imageIds: [imageId] },
        headers: { ...idem('content-lang-0001'), ...inLanguage('ja_JP') },
      }),
    );
    expect(joined.activityTitle).toBe('取引ウィーク');
    await review(env.db, Number(joined.id), true, null);
    const [ja] = await messages(u.token, 'ja_JP');
    expect(ja!.lang).toBe('ja_JP');
    expect(ja!.content).toContain('取引ウィーク');
    expect(ja!.title).not.toBe('Activity approved');
    const [en] = await messages(u.token, 'en_US');
    expect(en).toMatchObject({ title: 'Activity approved', lang: 'en_US' });
    expect(en!.content).toContain('“Trading week”');
    expect(en!.content).toContain('200 TSR');
  });

  it('publishes an operator’s translations from a file, refusing one it cannot use before sending anything', async () => {
    const u = await makeUser(env.db);
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-translations-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ de_DE: { title: 'Hallo', content: 'Eine Nachricht' } }));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ klingon: { title: 'x', content: 'y' } }));
    await expect(runOps(env.db, env.config, 'publish', ['Hello', 'A message', '--translations', bad])).rejects.toThrow(/locale/);
    expect(await messages(u.token)).toEqual([]);
    await expect(runOps(env.db, env.config, 'publish', ['Hello', 'A message', '--translations', good])).resolves.toEqual({
      recipients: 1,
    });
    expect((await messages(u.token, 'de_DE'))[0]).toMatchObject({ title: 'Hallo', content: 'Eine Nachricht', lang: 'de_DE' });
  });
  it('serves the articles in the reader’s language, with the product’s name, and English otherwise', async () => {
    const article = async (locale?: string) =>
      ok<{ title: string; content: string; lang: string }>(
        api.misc.article,
        await call(app, api.misc.article, { params: { articleType: 'about' }, headers: inLanguage(locale) }),
      );
    const english = await article();
    expect(english.lang).toBe('en_US');
    expect(english.title).toBe('About Tessera');
    const japanese = await article('ja_JP');
    expect(japanese.lang).toBe('ja_JP');
    expect(japanese.title).not.toBe(english.title);
    expect(japanese.title).toContain('Tessera');
    expect(japanese.content).toContain('TSR');
    expect(japanese.content).not.toMatch(/\{product\}|\{token\}/);
    expect(japanese.content.split('\n\n')).toHaveLength(english.content.split('\n\n').length);
    expect((await article('xx_XX')).lang).toBe('en_US');
  });
});

/**
 * The operator console's foundation (issue 40): operators are not users; signing in needs the
 * password and the authenticator's code; sessions end after 15 idle minutes or when ended; every
 * route checks the role first; every sign-in and action is in an audit log that only grows and
 * whose hash chain shows any other change.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import type { OperatorRole } from '../db/schema-console';
import { runOps } from '../services/platform/ops';
import { backends, call, idem, makeActivity, makeUser, ok, TINY_PNG, uploadImage, withTestApp } from './helpers';

type Envelope<T = unknown> = { code: number; msg?: string; data: T };

const secretOf = (otpauth: string) => new URL(otpauth).searchParams.get('secret') ?? '';

async function request<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

describe.each(backends)('the operator console on %s', (backend) => {
  const t = withTestApp(backend, 'console');

  /** An operator made as the CLI makes one, and signed in with a fresh authenticator code. */
  async function operator(role: OperatorRole, email = `${role}-${Math.random().toString(36).slice(2)}@ops.test`) {
    const made = (await runOps(t.env.db, t.env.config, 'operator', ['add', email, role])) as {
      id: string;
      password: string;
      otpauth: string;
    };
    const secret = secretOf(made.otpauth);
    const signIn = async (code?: string) =>
      request<{ token: string }>(t.app, 'POST', '/console/api/sign-in', {
        body: { email, password: made.password, code: code ?? (await generate({ secret })) },
      });
    return { ...made, email, secret, signIn };
  }

  it('signs in only with the password and a good authenticator code, each code once; every attempt audited', async () => {
    const finance = await operator('finance');
    const wrongPassword = await request(t.app, 'POST', '/console/api/sign-in', {
      body: { email: finance.email, password: 'not-it', code: await generate({ secret: finance.secret }) },
    });
    expect(wrongPassword.body.code).toBe(1001);
    expect((await finance.signIn('000000')).body.code).toBe(1001);
    const first = await finance.signIn();
    expect(first.body.code).toBe(200);
    // The same code again (a replay): refused.
    const code = await generate({ secret: finance.secret });
    expect((await finance.signIn(code)).body.code).toBe(1001);

    const me = await request<{ email: string; role: string }>(t.app, 'GET', '/console/api/me', { token: first.body.data.token });
    expect(me.body.data).toEqual({ email: finance.email, role: 'finance' });
    const actions = await t.env.db.selectFrom('audit_log').select(['action', 'after']).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual([
      'operator.add',
      'sign-in.refused',
      'sign-in.refused',
      'sign-in',
      'sign-in.refused',
    ]);
    expect(actions[1]?.after).toEqual({ reason: 'wrong password' });
    // A user's bearer token is not an operator's.
    expect((await request(t.app, 'GET', '/console/api/me', { token: 'user-token' })).status).toBe(401);
  });

  it('a session ends after 15 idle minutes, and when its operator ends it from another', async () => {
    const support = await operator('support');
    const laptop = (await support.signIn()).body.data.token;
    // A code is good once: the second device signs in with the next 30-second step's code.
    const nextStep = Math.floor(Date.now() / 30_000) + 1;
    const tablet = (await support.signIn(await generate({ secret: support.secret, epoch: nextStep * 30 }))).body.data.token;
    const sessions = await request<Array<{ id: string; current: boolean }>>(t.app, 'GET', '/console/api/sessions', {
      token: laptop,
    });
    expect(sessions.body.data).toHaveLength(2);
    const tabletId = sessions.body.data.find((s) => !s.current)?.id ?? '';
    expect((await request(t.app, 'POST', `/console/api/sessions/${tabletId}/end`, { token: laptop })).body.code).toBe(200);
    expect((await request(t.app, 'GET', '/console/api/me', { token: tablet })).status).toBe(401);

    await sql`update operator_sessions set last_seen_at = now() - interval '16 minutes'`.execute(t.env.db);
    expect((await request(t.app, 'GET', '/console/api/me', { token: laptop })).status).toBe(401);
  });

  it('refuses every route outside the role, before doing anything', async () => {
    const reviewer = await operator('reviewer');
    const token = (await reviewer.signIn()).body.data.token;
    const before = await t.env.db.selectFrom('operators').select('id').execute();
    for (const [method, url, body] of [
      ['GET', '/console/api/audit', undefined],
      ['GET', '/console/api/audit/verify', undefined],
      ['POST', '/console/api/operators', { email: 'x@ops.test', role: 'admin' }],
    ] as const) {
      const refused = await request(t.app, method, url, { token, body });
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe(403);
    }
    expect(await t.env.db.selectFrom('operators').select('id').execute()).toEqual(before);
    // Nobody signed in: 401 on every route but sign-in.
    expect((await request(t.app, 'GET', '/console/api/sessions')).status).toBe(401);
  });

  it('an admin adds an operator; the audit log is searchable, only grows, and its chain shows a change', async () => {
    const admin = await operator('admin');
    const token = (await admin.signIn()).body.data.token;
    const added = await request<{ email: string; role: string }>(t.app, 'POST', '/console/api/operators', {
      token,
      body: { email: 'New.Reviewer@Ops.test', role: 'reviewer' },
    });
    expect(added.body.data).toMatchObject({ email: 'new.reviewer@ops.test', role: 'reviewer' });
    const log = await request<Array<{ action: string; operatorEmail: string | null; after: unknown }>>(
      t.app,
      'GET',
      '/console/api/audit?action=operator.add',
      { token },
    );
    expect(log.body.data[0]).toMatchObject({
      operatorEmail: admin.email,
      after: { email: 'new.reviewer@ops.test', role: 'reviewer' },
    });
    expect((await request<{ brokenAt: string | null }>(t.app, 'GET', '/console/api/audit/verify', { token })).body.data).toEqual({
      rows: 3, // the admin added, signed in, added the reviewer
      brokenAt: null,
    });

    await expect(sql`update audit_log set action = 'nothing'`.execute(t.env.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.env.db)).rejects.toThrow(/append-only/);
    // What the trigger cannot stop (an owner disabling it, a superuser) the chain still shows.
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(t.env.db);
    const second = await t.env.db.selectFrom('audit_log').select('id').orderBy('id').offset(1).limit(1).executeTakeFirstOrThrow();
    await sql`update audit_log set target = 'operator:999' where id = ${second.id}`.execute(t.env.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(t.env.db);
    expect(await runOps(t.env.db, t.env.config, 'audit', ['verify'])).toEqual({ rows: 1, brokenAt: second.id });
  });

  describe('the review queue', () => {
    const upload = async (token: string) => (await uploadImage(t.app, token, TINY_PNG)).data?.id ?? '';
    const activity = (title: string) => makeActivity(t.env.db, { title });
    const participate = async (token: string, activityId: string, partnerUid: string, imageId: string, key: string) =>
      ok<{ id: string }>(
        api.activity.participate,
        await call(t.app, api.activity.participate, {
          token,
          body: { activityId, partnerUid, imageIds: [imageId] },
          headers: idem(key),
        }),
      ).id;

    it('shows each participation with its screenshot and the earlier ones with the same ID or image; a reviewer decides, the user can claim', async () => {
      const [first, second] = [await activity('Trading week'), await activity('Futures week')];
      const alice = await makeUser(t.env.db);
      const bob = await makeUser(t.env.db);
      const earlier = await participate(alice.token, first, 'uid_7001', await upload(alice.token), 'review-key-0001');
      // Bob sends the same screenshot (same bytes) to another activity, with another partner ID.
      const suspect = await participate(bob.token, second, 'uid_7002', await upload(bob.token), 'review-key-0002');

      const reviewer = await operator('reviewer');
      const token = (await reviewer.signIn()).body.data.token;
      const queue = await request<
        Array<{ id: number; partnerUid: string; images: Array<{ id: string }>; earlier: Array<{ id: number; same: string[] }> }>
      >(t.app, 'GET', '/console/api/participations', { token });
      const bobs = queue.body.data.find((p) => String(p.id) === suspect);
      expect(bobs?.partnerUid).toBe('uid_7002');
      expect(bobs?.earlier).toEqual([expect.objectContaining({ id: Number(earlier), same: ['image'] })]);

      const image = await t.app.inject({
        method: 'GET',
        url: `/console/api/images/${bobs?.images[0]?.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
      // A finance operator may not see the queue, its images, or decide.
      const finance = (await (await operator('finance')).signIn()).body.data.token;
      expect((await request(t.app, 'GET', '/console/api/participations', { token: finance })).status).toBe(403);
      expect((await request(t.app, 'POST', `/console/api/participations/${earlier}/approve`, { token: finance })).status).toBe(
        403,
      );

      const noReason = await request(t.app, 'POST', `/console/api/participations/${suspect}/reject`, {
        token,
        body: { reason: '  ' },
      });
      expect(noReason.body.code).toBe(400);
      const rejected = await request(t.app, 'POST', `/console/api/participations/${suspect}/reject`, {
        token,
        body: { reason: 'The screenshot was used by another account.' },
      });
      expect(rejected.body.data).toEqual({ id: Number(suspect), status: 'rejected' });
      const approved = await request(t.app, 'POST', `/console/api/participations/${earlier}/approve`, { token });
      expect(approved.body.data).toEqual({ id: Number(earlier), status: 'approved' });
      // Alice can claim now; what the reviewer did is in the audit log under their name.
      const claim = await call(t.app, api.activity.claim, {
        token: alice.token,
        body: { participationId: earlier },
        headers: idem('review-key-0003'),
      });
      expect(claim.json.code).toBe(200);
      const decisions = await t.env.db
        .selectFrom('audit_log')
        .select(['operator_id', 'action', 'target', 'after'])
        .where('action', 'like', 'participation.%')
        .orderBy('id')
        .execute();
      expect(decisions).toEqual([
        {
          operator_id: reviewer.id,
          action: 'participation.reject',
          target: `participation:${suspect}`,
          after: { status: 'rejected', reason: 'The screenshot was used by another account.' },
        },
        {
          operator_id: reviewer.id,
          action: 'participation.approve',
          target: `participation:${earlier}`,
          after: { status: 'approved', reason: null },
        },
      ]);
    });
  });
});

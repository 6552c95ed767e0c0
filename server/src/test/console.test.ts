/**
 * The operator console's foundation (issue 40): operators are not users; signing in needs the
 * password and the authenticator's code; sessions end after 15 idle minutes or when ended; every
 * route checks the role first; every sign-in and action is in an audit log that only grows and
 * whose hash chain shows any other change.
 */
import { sql } from 'kysely';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { dec } from '../common/decimal';
import type { OperatorRole } from '../db/schema-console';
import { depositAddress } from '../services/deposits/deposits';
import { appendAudit } from '../services/operators/audit';
import { allowed, OPERATOR_ROLES, type Permission } from '../services/operators/roles';
import { runOps } from '../services/platform/ops';
import { awaitApproval } from '../services/withdrawals/approvals';
import { withdrawLocked } from '../services/withdrawals/withdraw';
import { consoleRequest, makeOperator } from './console-helpers';
import { backends, call, idem, makeActivity, makeUser, ok, TINY_PNG, uploadImage, withTestApp } from './helpers';

describe.each(backends)('the operator console on %s', (backend) => {
  const t = withTestApp(backend, 'console');

  const operator = (role: OperatorRole, email?: string) => makeOperator(t, role, email);
  const request = consoleRequest;

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

  it('locks an e-mail after 5 wrong sign-ins from one address, the right password included, and says so in the audit log', async () => {
    const reviewer = await operator('reviewer');
    const attempt = (password: string) =>
      consoleRequest(t.app, 'POST', '/console/api/sign-in', { body: { email: reviewer.email, password, code: '000000' } });
    for (let i = 0; i < 4; i++) expect((await attempt('not-it')).body.code).toBe(1001);
    // The fifth wrong answer uses the last attempt.
    expect((await attempt('not-it')).body.code).toBe(1002);
    expect((await reviewer.signIn()).body.code).toBe(1002);
    const reasons = await t.env.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'sign-in.refused')
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => (r.after as { reason: string }).reason)).toEqual([
      ...Array(5).fill('wrong password'),
      'locked: too many failed attempts',
    ]);
    // An e-mail nobody has locks the same way: a lock tells nobody which e-mails exist.
    for (let i = 0; i < 5; i++)
      await consoleRequest(t.app, 'POST', '/console/api/sign-in', {
        body: { email: 'nobody@ops.test', password: 'x', code: '1' },
      });
    const nobody = await consoleRequest(t.app, 'POST', '/console/api/sign-in', {
      body: { email: 'nobody@ops.test', password: 'x', code: '1' },
    });
    expect(nobody.body.code).toBe(1002);
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

  /** Every console route that needs a role, with what it needs. */
  const GUARDED: ReadonlyArray<readonly ['GET' | 'POST', string, Permission, unknown?]> = [
    ['GET', '/console/api/participations', 'participations.review'],
    ['GET', '/console/api/images/1', 'participations.review'],
    ['POST', '/console/api/participations/1/approve', 'participations.review'],
    ['POST', '/console/api/participations/1/reject', 'participations.review', { reason: 'no' }],
    ['GET', '/console/api/withdrawals', 'money.approve'],
    ['POST', '/console/api/withdrawals/1/approve', 'money.approve'],
    ['POST', '/console/api/withdrawals/1/reject', 'money.approve', { reason: 'no' }],
    ['GET', '/console/api/users?q=%2B1%205550100', 'users.read'],
    ['GET', '/console/api/users/1', 'users.read'],
    ['POST', '/console/api/users/1/lift-hold', 'users.protect'],
    ['POST', '/console/api/users/1/sign-out-everywhere', 'users.protect'],
    ['POST', '/console/api/users/1/lock', 'users.protect', { reason: 'takeover' }],
    ['POST', '/console/api/users/1/unlock', 'users.protect'],
    ['GET', '/console/api/custody', 'money.approve'],
    ['POST', '/console/api/custody/reconcile', 'money.approve'],
    ['POST', '/console/api/custody/sweep-holds/TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh/release', 'money.approve'],
    ['GET', '/console/api/reward-pool', 'money.approve'],
    ['POST', '/console/api/reward-pool/fund', 'money.approve', { amount: '1' }],
    ['POST', '/console/api/reward-pool/distribute', 'money.approve'],
    ['GET', '/console/api/service', 'service.admin'],
    ['POST', '/console/api/app-version', 'service.admin', { version: '9.9.9' }],
    ['POST', '/console/api/approval-limits/usdt-trc20', 'service.admin', { amount: '1' }],
    ['POST', '/console/api/messages', 'service.admin', { title: 'x', content: 'y' }],
    ['GET', '/console/api/operators', 'service.admin'],
    ['POST', '/console/api/operators/1/disable', 'service.admin'],
    ['POST', '/console/api/operators', 'service.admin', { email: 'x@ops.test', role: 'admin' }],
    ['GET', '/console/api/audit', 'audit.read'],
    ['GET', '/console/api/audit/export', 'audit.read'],
    ['GET', '/console/api/audit/verify', 'audit.read'],
  ];

  it.each(OPERATOR_ROLES)('refuses a %s every route outside the role, before doing anything', async (role) => {
    const call = await (await operator(role)).session();
    const audited = async () => (await t.env.db.selectFrom('audit_log').select('id').execute()).length;
    const [operators, auditRows] = [await t.env.db.selectFrom('operators').select('id').execute(), await audited()];
    const refusedRoutes = GUARDED.filter(([, , permission]) => !allowed(role, permission));
    expect(refusedRoutes.length).toBeGreaterThan(0);
    for (const [method, url, , body] of refusedRoutes) {
      const refused = await call(method, url, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe(403);
    }
    expect(await t.env.db.selectFrom('operators').select('id').execute()).toEqual(operators);
    expect(await audited()).toBe(auditRows);
    // Nobody signed in: 401 on every route but sign-in.
    for (const [method, url, , body] of [...GUARDED, ['GET', '/console/api/sessions', null] as const])
      expect((await consoleRequest(t.app, method, url, { body })).status, url).toBe(401);
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

  it('two finance operators release a held withdrawal; the admin exports what they did as CSV', async () => {
    const user = await makeUser(t.env.db, { usdt: '500' });
    const channel = await t.env.db
      .selectFrom('withdraw_channels')
      .selectAll()
      .where('id', '=', 'usdt-trc20')
      .executeTakeFirstOrThrow();
    const held = await t.env.db.transaction().execute((trx) =>
      withdrawLocked(trx, user.id, channel, {
        channelId: 'usdt-trc20',
        address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
        amount: '300',
        tradePassword: 'x',
      }),
    );
    const id = Number((held as { id: string | number }).id);
    await awaitApproval(t.env.db, id, 'above_approval_amount');
    const [first, second] = [await operator('finance', 'first@ops.test'), await operator('finance', 'second@ops.test')];
    const [asFirst, asSecond] = [await first.session(), await second.session()];
    const list = await asFirst<Array<{ record: number; approvalsNeeded: number; account: string }>>(
      'GET',
      '/console/api/withdrawals',
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({ record: id, approvalsNeeded: 2, account: expect.stringContaining('phone:') }),
    ]);

    expect((await asFirst('POST', `/console/api/withdrawals/${id}/approve`)).body.data).toMatchObject({ decision: 'waiting' });
    const again = await asFirst('POST', `/console/api/withdrawals/${id}/approve`);
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toMatch(/another finance operator/);
    expect((await asSecond('POST', `/console/api/withdrawals/${id}/approve`)).body.data).toMatchObject({ decision: 'approved' });
    expect((await asSecond('POST', `/console/api/withdrawals/${id}/reject`, { reason: 'late' })).status).toBe(404);

    const admin = await (await operator('admin')).session();
    const csv = await admin('GET', '/console/api/audit/export?action=withdrawal.approve');
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,operator,action,target,ip,before,after');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 5))).toEqual([
      ['second@ops.test', 'withdrawal.approve', `withdrawal:${id}`],
      ['first@ops.test', 'withdrawal.approve', `withdrawal:${id}`],
    ]);
    // JSON with commas and quotes survives as one quoted field.
    expect(lines[1]).toContain('"{""approvals"":2,""decision"":""approved"",""needed"":2}"');
    const exported = await admin<Array<{ action: string }>>('GET', '/console/api/audit?action=audit.export');
    expect(exported.body.data).toHaveLength(1);

    // What a user typed can reach the log (a search, a reason): a spreadsheet must not run it.
    await appendAudit(t.env.db, {
      operatorId: null,
      action: 'user.search',
      after: { query: 'x' },
      target: '=HYPERLINK("http://evil")',
    });
    const risky = await admin('GET', '/console/api/audit/export?action=user.search');
    const row = risky.text.trim().split('\r\n')[1] ?? '';
    expect(row.split(',').slice(3, 4)).toEqual(['user.search']);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('support finds a user by what they tell, reads them whole, lifts their hold and signs them out everywhere; all audited', async () => {
    const user = await makeUser(t.env.db, { usdt: '100' });
    const phone = (
      await t.env.db.selectFrom('users').select(['phone', 'area_code']).where('id', '=', user.id).executeTakeFirstOrThrow()
    ).phone;
    const { address } = await depositAddress(t.env.db, user.id, 'USDT', 'TRC20');
    const channel = await t.env.db
      .selectFrom('withdraw_channels')
      .selectAll()
      .where('id', '=', 'usdt-trc20')
      .executeTakeFirstOrThrow();
    const sent = await t.env.db.transaction().execute((trx) =>
      withdrawLocked(trx, user.id, channel, {
        channelId: 'usdt-trc20',
        address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
        amount: '10',
        tradePassword: 'x',
      }),
    );
    const txId = 'ab'.repeat(32);
    await t.env.db
      .updateTable('records')
      .set({ tx_id: txId })
      .where('id', '=', Number((sent as { id: string }).id))
      .execute();
    await t.env.db
      .updateTable('users')
      .set({ withdrawals_paused_until: new Date(Date.now() + 3_600_000) })
      .where('id', '=', user.id)
      .execute();

    const support = await (await operator('support')).session();
    for (const q of [`+1 ${phone}`, `1${phone}`, String(phone), address, txId.toUpperCase(), `#${user.id}`]) {
      const found = await support<Array<{ id: number }>>('GET', `/console/api/users?q=${encodeURIComponent(q)}`);
      expect(
        found.body.data.map((u) => u.id),
        q,
      ).toEqual([user.id]);
    }
    expect((await support('GET', '/console/api/users?q=hello')).body.code).toBe(400);

    const dossier = await support<{
      balances: Array<{ currency: string; available: string; frozen: string }>;
      records: Array<{ txId: string | null; status: string }>;
      sessions: unknown[];
      holds: { withdrawalsPausedUntil: string | null };
      depositAddresses: Array<{ address: string }>;
    }>('GET', `/console/api/users/${user.id}`);
    expect(dossier.body.data.balances.find((b) => b.currency === 'USDT')).toMatchObject({
      frozen: expect.stringMatching(/^1[01]/),
    });
    expect(dossier.body.data.records[0]).toMatchObject({ txId, status: 'withdrawing' });
    expect(dossier.body.data.sessions).toHaveLength(1);
    expect(dossier.body.data.holds.withdrawalsPausedUntil).not.toBeNull();
    expect(dossier.body.data.depositAddresses.map((a) => a.address)).toContain(address);

    expect((await support('POST', `/console/api/users/${user.id}/lift-hold`)).body.data).toEqual({ lifted: true });
    expect((await support('POST', `/console/api/users/${user.id}/sign-out-everywhere`)).body.data).toEqual({ revoked: 1 });
    const me = await call(t.app, api.member.memberInfo, { token: user.token });
    expect(me.status).toBe(401);
    const audit = await t.env.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'like', 'user.%')
      .where('action', '<>', 'user.search')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.view', target: `user:${user.id}` },
      { action: 'user.lift-hold', target: `user:${user.id}` },
      { action: 'user.sign-out-everywhere', target: `user:${user.id}` },
    ]);
  });

  it('support locks an account: its sessions end and nobody signs in, not even with the password, until unlocked', async () => {
    const user = await makeUser(t.env.db, { password: 'Right-pass1' });
    const { phone } = await t.env.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow();
    const logIn = (password: string) =>
      call(t.app, api.auth.login, { body: { type: 'phone', areaCode: '1', phone: phone ?? '', password } });
    const support = await (await operator('support')).session();
    expect((await support('POST', `/console/api/users/${user.id}/lock`, { reason: ' ' })).body.code).toBe(400);
    expect(
      (await support('POST', `/console/api/users/${user.id}/lock`, { reason: 'Takeover reported by the owner' })).body.data,
    ).toEqual({
      locked: true,
      reason: 'Takeover reported by the owner',
      sessionsEnded: 1,
    });
    expect((await call(t.app, api.member.memberInfo, { token: user.token })).status).toBe(401);
    // The right password is refused with what happened; a wrong one tells nothing more than before.
    expect((await logIn('Right-pass1')).json.code).toBe(1016);
    expect((await logIn('Wrong-pass1')).json.code).toBe(1001);
    expect(
      await t.env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute(),
    ).toEqual([]);
    const dossier = await support<{ user: { locked: { reason: string } | null } }>('GET', `/console/api/users/${user.id}`);
    expect(dossier.body.data.user.locked?.reason).toBe('Takeover reported by the owner');

    expect((await support('POST', `/console/api/users/${user.id}/unlock`)).body.data).toEqual({ locked: false });
    expect((await logIn('Right-pass1')).json.code).toBe(200);
    const audit = await t.env.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${user.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['user.lock', 'user.view', 'user.unlock']);
  });

  it('an admin runs the service: app version, approval amount, a message in two languages, an operator disabled', async () => {
    const user = await makeUser(t.env.db);
    const admin = await (await operator('admin')).session();
    expect((await admin('POST', '/console/api/app-version', { version: 'three' })).body.code).toBe(400);
    expect((await admin('POST', '/console/api/app-version', { version: '3.0.2' })).body.data).toEqual({ appVersion: '3.0.2' });
    expect((await call(t.app, api.misc.appConfig, {})).json.data).toMatchObject({ appVersion: '3.0.2' });
    expect((await admin('POST', '/console/api/approval-limits/usdt-trc20', { amount: '500' })).body.data).toEqual({
      channel: 'usdt-trc20',
      approvalAbove: '500',
    });
    const service = await admin<{ appVersion: string; approvalLimits: Array<{ channel: string; approvalAbove: string | null }> }>(
      'GET',
      '/console/api/service',
    );
    expect(service.body.data.appVersion).toBe('3.0.2');
    expect(service.body.data.approvalLimits.find((c) => c.channel === 'usdt-trc20')?.approvalAbove).toBe('500');

    // A bad translation changes nothing: nobody gets a half-written message.
    const bad = await admin('POST', '/console/api/messages', {
      title: 'Maintenance',
      content: 'Tonight',
      translations: { xx_XX: { title: 'a', content: 'b' } },
    });
    expect(bad.body.code).toBe(400);
    expect(await t.env.db.selectFrom('messages').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const sent = await admin<{ recipients: number }>('POST', '/console/api/messages', {
      title: 'Maintenance tonight',
      content: 'Withdrawals pause from 02:00 to 02:30 UTC.',
      popup: true,
      translations: { de_DE: { title: 'Wartung heute Nacht', content: 'Auszahlungen pausieren von 02:00 bis 02:30 UTC.' } },
    });
    expect(sent.body.data.recipients).toBeGreaterThanOrEqual(1);
    const inbox = await call(t.app, api.notify.list, { token: user.token, query: { page: '1', pageSize: '10' } });
    expect(JSON.stringify(inbox.json.data)).toContain('Maintenance tonight');

    const leaver = await operator('reviewer');
    const leaverSession = await leaver.signIn();
    const operators = await admin<Array<{ id: string; email: string; openSessions: number }>>('GET', '/console/api/operators');
    expect(operators.body.data.find((o) => o.email === leaver.email)?.openSessions).toBe(1);
    expect((await admin('POST', `/console/api/operators/${leaver.id}/disable`)).body.data).toEqual({
      disabled: leaver.id,
      sessionsEnded: 1,
    });
    expect((await consoleRequest(t.app, 'GET', '/console/api/me', { token: leaverSession.body.data.token })).status).toBe(401);
    const actions = await t.env.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'in', ['app-version.set', 'approval-limit.set', 'message.publish', 'operator.disable'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'app-version.set', target: 'setting:appVersion' },
      { action: 'approval-limit.set', target: 'channel:usdt-trc20' },
      { action: 'message.publish', target: null },
      { action: 'operator.disable', target: `operator:${leaver.id}` },
    ]);
  });

  it('finance funds the reward pool and distributes a period; the float needs a node; all audited', async () => {
    await makeUser(t.env.db);
    const finance = await (await operator('finance')).session();
    const before = await finance<{ pool: string; history: unknown[] }>('GET', '/console/api/reward-pool');
    expect((await finance('POST', '/console/api/reward-pool/fund', { amount: '-5' })).body.code).toBe(400);
    expect((await finance('POST', '/console/api/reward-pool/fund', { amount: '1000' })).body.data).toEqual({
      funded: '1000',
      currency: 'TSR',
    });
    const funded = await finance<{ pool: string }>('GET', '/console/api/reward-pool');
    expect(dec(funded.body.data.pool).minus(before.body.data.pool).toFixed()).toBe('1000');
    await finance('POST', '/console/api/reward-pool/distribute');
    const after = await finance<{ history: Array<{ total: string }> }>('GET', '/console/api/reward-pool');
    expect(after.body.data.history.length).toBe(before.body.data.history.length + 1);
    // Each period pays once.
    expect((await finance('POST', '/console/api/reward-pool/distribute')).body.data).toEqual({
      skipped: 'this period was already distributed',
    });

    expect((await finance('GET', '/console/api/custody')).body.data).toEqual({ lastReconciliation: null, sweepHolds: [] });
    // This test app has no chain: a reconciliation is refused, not faked.
    expect((await finance('POST', '/console/api/custody/reconcile', {})).body.code).toBe(400);
    const audit = await t.env.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'reward-pool.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['reward-pool.fund', 'reward-pool.distribute', 'reward-pool.distribute']);
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
      // int8: a string on PostgreSQL, a number on PGlite.
      const decisions = (
        await t.env.db
          .selectFrom('audit_log')
          .select(['operator_id', 'action', 'target', 'after'])
          .where('action', 'like', 'participation.%')
          .orderBy('id')
          .execute()
      ).map((r) => ({ ...r, operator_id: String(r.operator_id) }));
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

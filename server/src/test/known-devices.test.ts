/**
 * The owner is never locked out by a guesser (services/identity/known-devices.ts): a device that signed in
 * before keeps its own budget of password attempts while guesses from elsewhere lock the account's
 * shared limits, and the owner is told of the failed attempts, at most once an hour.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { DEVICE_COOKIE } from '../services/identity/known-devices';
import { MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '../services/security/lockout';
import { backends, call, ipSequence, makeUser, withTestApp } from './helpers';

describe.each(backends)('known devices on %s', (backend) => {
  const t = withTestApp(backend, 'known_devices');

  describe('known devices', () => {
    it('a device that signed in before still signs in while guesses from many addresses lock everyone else', async () => {
      const u = await makeUser(t.env.db, { password: 'Owner1234' });
      const body = (password: string) => ({ type: 'phone', areaCode: '1', phone: u.phone, password });
      const first = await call(t.app, api.auth.login, { body: body('Owner1234'), remoteAddress: '10.1.0.1' });
      expect(first.json.code).toBe(200);
      const setCookie = String(first.res.headers['set-cookie']);
      expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}; Path=/auth; Max-Age=\\d+; HttpOnly; SameSite=Strict`));
      const cookie = setCookie.split(';')[0]!;

      const nextIp = ipSequence('10.88');
      for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++)
        await call(t.app, api.auth.login, { body: body('Guess1234'), remoteAddress: nextIp() });
      // Locked for a new device, even from the owner's own address…
      const stranger = await call(t.app, api.auth.login, { body: body('Owner1234'), remoteAddress: '10.1.0.1' });
      expect(stranger.json.code).toBe(1002);
      // …but not for the phone that signed in before.
      const owner = await call(t.app, api.auth.login, {
        body: body('Owner1234'),
        remoteAddress: '10.2.0.9',
        headers: { cookie },
      });
      expect(owner.json.code).toBe(200);

      // Told once, not once per lock.
      const told = await t.env.db.selectFrom('messages').select('title').where('user_id', '=', u.id).execute();
      expect(told).toEqual([{ title: 'Failed sign-in attempts' }]);
    });

    it("a known device's own wrong guesses lock that device only, and its cookie opens no other account", async () => {
      const u = await makeUser(t.env.db, { password: 'Owner1234' });
      const other = await makeUser(t.env.db, { password: 'Other1234' });
      const body = (phone: string, password: string) => ({ type: 'phone', areaCode: '1', phone, password });
      const first = await call(t.app, api.auth.login, { body: body(u.phone, 'Owner1234') });
      const cookie = String(first.res.headers['set-cookie']).split(';')[0]!;
      for (let i = 0; i < MAX_FAILURES; i++)
        await call(t.app, api.auth.login, { body: body(u.phone, 'Guess1234'), headers: { cookie } });
      expect((await call(t.app, api.auth.login, { body: body(u.phone, 'Owner1234'), headers: { cookie } })).json.code).toBe(1002);
      // Elsewhere the account is not locked by that device's guesses.
      expect((await call(t.app, api.auth.login, { body: body(u.phone, 'Owner1234'), remoteAddress: '10.3.0.1' })).json.code).toBe(
        200,
      );

      // For an account it never signed in to, the cookie is nothing: the usual limits apply.
      for (let i = 0; i < MAX_FAILURES; i++)
        await call(t.app, api.auth.login, {
          body: body(other.phone, 'Guess1234'),
          headers: { cookie },
          remoteAddress: '10.4.0.1',
        });
      const refused = await call(t.app, api.auth.login, {
        body: body(other.phone, 'Other1234'),
        headers: { cookie },
        remoteAddress: '10.4.0.1',
      });
      expect(refused.json.code).toBe(1002);
    });
  });
});

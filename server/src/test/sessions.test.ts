/**
 * Signed-in devices (services/identity/sessions.ts): the list says which browser, from which address range,
 * marks this one; signing another out ends it at once, on every instance.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { softAuthenticator } from '../../test-support/soft-authenticator';
import { ipRange } from '../services/identity/sessions';
import { backends, call, makeApp, makeUser, ok, withTestApp } from './helpers';

describe.each(backends)('signed-in devices on %s', (backend) => {
  const t = withTestApp(backend, 'sessions');

  const PIXEL =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

  interface Listed {
    id: string;
    device: string | null;
    ipRange: string | null;
    current: boolean;
  }

  async function signIn(phone: string, userAgent: string, remoteAddress: string) {
    const r = await call(t.app, api.auth.login, {
      body: { type: 'phone', areaCode: '1', phone, password: 'Passw0rd!' },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    return ok<{ access_token: string }>(api.auth.login, r).access_token;
  }

  const list = async (token: string) => ok<Listed[]>(api.sessions.list, await call(t.app, api.sessions.list, { token }));

  describe('signed-in devices', () => {
    it('lists each with its device and address range, this one first and marked', async () => {
      const u = await makeUser(t.env.db);
      const phone = await signIn(u.phone, PIXEL, '203.0.113.77');
      await signIn(u.phone, IPHONE, '2001:db8:85a3::8a2e:370:7334');
      const seen = await list(phone);
      expect(seen[0]).toMatchObject({ device: 'Chrome · Android', ipRange: '203.0.113.0/24', current: true });
      expect(seen).toContainEqual(
        expect.objectContaining({ device: 'Safari · iOS', ipRange: '2001:db8:85a3::/48', current: false }),
      );
      // makeUser's own session has no browser: listed without a name.
      expect(seen).toHaveLength(3);
      expect(seen.filter((s) => s.current)).toHaveLength(1);
    });

    it('signs another out at once, on every instance; never this one, never someone else’s', async () => {
      const u = await makeUser(t.env.db);
      const other = await makeUser(t.env.db);
      const phone = await signIn(u.phone, PIXEL, '203.0.113.77');
      const tablet = await signIn(u.phone, IPHONE, '198.51.100.4');
      const tabletId = (await list(phone)).find((s) => s.device === 'Safari · iOS')!.id;
      const otherId = (await list(other.token))[0]!.id;
      const revoke = (token: string, id: string) => call(t.app, api.sessions.revoke, { token, body: { id } });

      expect((await revoke(phone, otherId)).json.code).toBe(404);
      expect((await revoke(phone, (await list(phone))[0]!.id)).json.code).toBe(404);

      const second = await makeApp(t.env);
      try {
        expect((await call(second, api.member.memberInfo, { token: tablet })).json.code).toBe(200);
        ok(api.sessions.revoke, await revoke(phone, tabletId));
        expect((await call(t.app, api.member.memberInfo, { token: tablet })).status).toBe(401);
        expect((await call(second, api.member.memberInfo, { token: tablet })).status).toBe(401);
      } finally {
        await second.close();
      }

      const signedOut = ok<{ signedOut: number }>(
        api.sessions.revokeOthers,
        await call(t.app, api.sessions.revokeOthers, { token: phone }),
      );
      expect(signedOut.signedOut).toBe(1); // makeUser's session; the tablet's was already out
      expect((await list(phone)).map((s) => s.current)).toEqual([true]);
      expect((await call(t.app, api.member.memberInfo, { token: u.token })).status).toBe(401);
    });

    it('unlocks the app lock with the login password or a passkey of this account only', async () => {
      const u = await makeUser(t.env.db);
      const other = await makeUser(t.env.db);
      const unlock = (token: string, body: object) => call(t.app, api.sessions.unlock, { token, body });
      expect((await unlock(u.token, { password: 'Wrong1234' })).json.code).toBe(1001);
      ok(api.sessions.unlock, await unlock(u.token, { password: 'Passw0rd!' }));

      const site = { origin: t.env.config.webauthn!.origins[0]!, rpId: t.env.config.webauthn!.rpId };
      const phone = softAuthenticator(site);
      const register = async (token: string) => {
        const ceremony = ok<{ challengeId: string; options: Record<string, unknown> }>(
          api.passkeys.addOptions,
          await call(t.app, api.passkeys.addOptions, { token, body: { loginPassword: 'Passw0rd!' } }),
        );
        const { response, credential } = phone.create(ceremony.options);
        ok(
          api.passkeys.add,
          await call(t.app, api.passkeys.add, { token, body: { challengeId: ceremony.challengeId, name: 'Phone', response } }),
        );
        return credential;
      };
      const mine = await register(u.token);
      const theirs = await register(other.token);
      const answer = async (credential: typeof mine) => {
        const { challengeId, options } = ok<{ challengeId: string; options: { challenge: string } }>(
          api.passkeys.signInOptions,
          await call(t.app, api.passkeys.signInOptions),
        );
        return { challengeId, response: phone.get(credential, options.challenge) };
      };
      ok(api.sessions.unlock, await unlock(u.token, { passkey: await answer(mine) }));
      expect((await unlock(u.token, { passkey: await answer(theirs) })).json.code).toBe(1013);
    });

    it('names address ranges for IPv4, IPv4-mapped and IPv6 addresses', () => {
      expect(ipRange('192.0.2.200')).toBe('192.0.2.0/24');
      expect(ipRange('::ffff:192.0.2.200')).toBe('192.0.2.0/24');
      expect(ipRange('2001:0db8:0000:0042::1')).toBe('2001:db8:0::/48');
      expect(ipRange('::1')).toBe('0:0:0::/48');
    });
  });
});

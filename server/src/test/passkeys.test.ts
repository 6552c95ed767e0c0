/**
 * Passkeys (services/security/passkeys.ts) against the real WebAuthn verification, with a software
 * authenticator: adding one takes the login password (and the authenticator's code when bound),
 * signing in takes nothing else, and neither a used challenge, another site, a bare touch without
 * user verification nor a removed passkey gets in. Password lockouts never stop a passkey.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/contract/index';
import { type SoftCredential, softAuthenticator } from '../../test-support/soft-authenticator';
import { MAX_ACCOUNT_FAILURES } from '../services/security/lockout';
import { backends, bindAuthenticator, call, idem, ipSequence, makeApp, makeUser, ok, withTestApp } from './helpers';

describe.each(backends)('passkeys on %s', (backend) => {
  const t = withTestApp(backend, 'passkeys');
  const site = () => ({ origin: t.env.config.webauthn!.origins[0]!, rpId: t.env.config.webauthn!.rpId });
  const phone = () => softAuthenticator(site());

  interface Ceremony {
    challengeId: string;
    options: Record<string, unknown>;
  }

  async function addPasskey(
    u: { token: string },
    authenticator = phone(),
    body: object = { loginPassword: 'Passw0rd!' },
    app = t.app,
  ): Promise<{ credential: SoftCredential; added: { id: string; name: string } }> {
    const ceremony = ok<Ceremony>(api.passkeys.addOptions, await call(app, api.passkeys.addOptions, { token: u.token, body }));
    const { response, credential } = authenticator.create(ceremony.options);
    const added = ok<{ id: string; name: string }>(
      api.passkeys.add,
      await call(app, api.passkeys.add, {
        token: u.token,
        body: { challengeId: ceremony.challengeId, name: ' Pixel 8 ', response },
      }),
    );
    return { credential, added };
  }

  async function signInOptions(app = t.app) {
    return ok<Ceremony>(api.passkeys.signInOptions, await call(app, api.passkeys.signInOptions));
  }

  async function signIn(credential: SoftCredential, authenticator = phone()) {
    const { challengeId, options } = await signInOptions();
    return call(t.app, api.passkeys.signIn, {
      body: { challengeId, response: authenticator.get(credential, options.challenge as string) },
    });
  }

  describe('adding a passkey', () => {
    it('asks the login password, keeps the passkey, holds withdrawals and tells the owner', async () => {
      const u = await makeUser(t.env.db);
      const refused = await call(t.app, api.passkeys.addOptions, { token: u.token, body: { loginPassword: 'Wrong1234' } });
      expect(refused.json.code).toBe(1001);

      const before = Date.now();
      const { added } = await addPasskey(u);
      expect(added.name).toBe('Pixel 8');
      const list = ok<Array<{ id: string; name: string; lastUsedAt: string | null }>>(
        api.passkeys.list,
        await call(t.app, api.passkeys.list, { token: u.token }),
      );
      expect(list).toMatchObject([{ id: added.id, name: 'Pixel 8', lastUsedAt: null }]);

      const info = ok<{ withdrawalsPausedUntil: string | null }>(
        api.member.memberInfo,
        await call(t.app, api.member.memberInfo, { token: u.token }),
      );
      expect(Date.parse(info.withdrawalsPausedUntil!) - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
      const messages = await t.env.db.selectFrom('messages').select(['title', 'popup']).where('user_id', '=', u.id).execute();
      expect(messages).toEqual([{ title: 'Passkey added', popup: true }]);
    });

    it('asks the authenticator code as well when one is bound', async () => {
      const u = await makeUser(t.env.db);
      const secret = await bindAuthenticator(t.env.db, u.id);
      const withoutCode = await call(t.app, api.passkeys.addOptions, { token: u.token, body: { loginPassword: 'Passw0rd!' } });
      expect(withoutCode.json.code).toBe(2007);
      await addPasskey(u, phone(), { loginPassword: 'Passw0rd!', googleCode: await generate({ secret }) });
    });

    it('refuses a used challenge, another site, and a touch without user verification', async () => {
      const u = await makeUser(t.env.db);
      const ceremony = ok<Ceremony>(
        api.passkeys.addOptions,
        await call(t.app, api.passkeys.addOptions, { token: u.token, body: { loginPassword: 'Passw0rd!' } }),
      );
      const add = (response: object) =>
        call(t.app, api.passkeys.add, { token: u.token, body: { challengeId: ceremony.challengeId, name: 'Phone', response } });
      // A look-alike site's page asked the phone: its origin is in what the phone signed.
      const phishing = softAuthenticator({ ...site(), origin: 'https://tessera-wallet.example' });
      expect((await add(phishing.create(ceremony.options).response)).json.code).toBe(1012);
      // That attempt used the challenge up: the right answer to it comes too late.
      expect((await add(phone().create(ceremony.options).response)).json.code).toBe(1012);

      const again = ok<Ceremony>(
        api.passkeys.addOptions,
        await call(t.app, api.passkeys.addOptions, { token: u.token, body: { loginPassword: 'Passw0rd!' } }),
      );
      const touchOnly = softAuthenticator({ ...site(), withoutUserVerification: true });
      const bare = await call(t.app, api.passkeys.add, {
        token: u.token,
        body: { challengeId: again.challengeId, name: 'Phone', response: touchOnly.create(again.options).response },
      });
      expect(bare.json.code).toBe(1012);
      expect(await t.env.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
    });

    it("cannot answer another user's challenge", async () => {
      const a = await makeUser(t.env.db);
      const b = await makeUser(t.env.db);
      const ceremony = ok<Ceremony>(
        api.passkeys.addOptions,
        await call(t.app, api.passkeys.addOptions, { token: a.token, body: { loginPassword: 'Passw0rd!' } }),
      );
      const r = await call(t.app, api.passkeys.add, {
        token: b.token,
        body: { challengeId: ceremony.challengeId, name: 'Phone', response: phone().create(ceremony.options).response },
      });
      expect(r.json.code).toBe(1012);
    });
  });

  describe('signing in with a passkey', () => {
    it('signs in without the password, once per challenge, and records the use', async () => {
      const u = await makeUser(t.env.db);
      const { credential, added } = await addPasskey(u);
      const session = ok<{ access_token: string }>(api.passkeys.signIn, await signIn(credential));
      const me = ok<{ id: string }>(
        api.member.memberInfo,
        await call(t.app, api.member.memberInfo, { token: session.access_token }),
      );
      expect(me.id).toBe(String(u.id));
      const [listed] = ok<Array<{ id: string; lastUsedAt: string | null }>>(
        api.passkeys.list,
        await call(t.app, api.passkeys.list, { token: u.token }),
      );
      expect(listed).toMatchObject({ id: added.id, lastUsedAt: expect.any(String) });

      // The same assertion again: its challenge is gone.
      const { challengeId, options } = await signInOptions();
      const assertion = phone().get(credential, options.challenge as string);
      ok(api.passkeys.signIn, await call(t.app, api.passkeys.signIn, { body: { challengeId, response: assertion } }));
      const replay = await call(t.app, api.passkeys.signIn, { body: { challengeId, response: assertion } });
      expect(replay.json.code).toBe(1012);
      // Nor can it answer a fresh challenge: the signature covers the old one.
      const fresh = await signInOptions();
      const reused = await call(t.app, api.passkeys.signIn, { body: { challengeId: fresh.challengeId, response: assertion } });
      expect(reused.json.code).toBe(1012);
    });

    it('works while the password is locked by wrong guesses from many addresses', async () => {
      const u = await makeUser(t.env.db);
      const { credential } = await addPasskey(u);
      const nextIp = ipSequence('10.77');
      const guess = (remoteAddress: string) =>
        call(t.app, api.auth.login, {
          body: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Guess1234' },
          remoteAddress,
        });
      for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) await guess(nextIp());
      expect((await guess(nextIp())).json.code).toBe(1002);
      ok(api.passkeys.signIn, await signIn(credential));
    });

    it('refuses an expired challenge, a removed passkey and a signature by another key', async () => {
      const u = await makeUser(t.env.db);
      const { credential, added } = await addPasskey(u);

      const stale = await signInOptions();
      await t.env.db
        .updateTable('webauthn_challenges')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', stale.challengeId)
        .execute();
      const late = await call(t.app, api.passkeys.signIn, {
        body: { challengeId: stale.challengeId, response: phone().get(credential, stale.options.challenge as string) },
      });
      expect(late.json.code).toBe(1012);

      // The id of the registered passkey, signed by a key the server never saw.
      const forger = phone();
      const { credential: other } = forger.create({ challenge: 'x', user: { id: credential.userHandle } });
      expect((await signIn({ ...other, id: credential.id })).json.code).toBe(1012);

      ok(api.passkeys.remove, await call(t.app, api.passkeys.remove, { token: u.token, body: { id: added.id } }));
      expect((await signIn(credential)).json.code).toBe(1013);
    });

    it('begins on one instance and ends on another (challenges live in the database)', async () => {
      const u = await makeUser(t.env.db);
      const second = await makeApp(t.env);
      try {
        const { credential } = await addPasskey(u, phone(), { loginPassword: 'Passw0rd!' }, second);
        const { challengeId, options } = await signInOptions(second);
        const response = phone().get(credential, options.challenge as string);
        ok(api.passkeys.signIn, await call(t.app, api.passkeys.signIn, { body: { challengeId, response } }));
      } finally {
        await second.close();
      }
    });
  });

  describe('managing passkeys', () => {
    it("renames and removes only one's own, and removing holds withdrawals", async () => {
      const owner = await makeUser(t.env.db);
      const other = await makeUser(t.env.db);
      const { added } = await addPasskey(owner);
      const foreign = await call(t.app, api.passkeys.remove, { token: other.token, body: { id: added.id } });
      expect(foreign.json.code).toBe(404);
      const renamedByOther = await call(t.app, api.passkeys.rename, { token: other.token, body: { id: added.id, name: 'Mine' } });
      expect(renamedByOther.json.code).toBe(404);

      const renamed = ok<{ name: string }>(
        api.passkeys.rename,
        await call(t.app, api.passkeys.rename, { token: owner.token, body: { id: added.id, name: 'Work phone' } }),
      );
      expect(renamed.name).toBe('Work phone');
      const badName = await call(t.app, api.passkeys.rename, { token: owner.token, body: { id: added.id, name: '   ' } });
      expect(badName.json.code).toBe(400);

      await t.env.db.updateTable('users').set({ withdrawals_paused_until: null }).where('id', '=', owner.id).execute();
      ok(api.passkeys.remove, await call(t.app, api.passkeys.remove, { token: owner.token, body: { id: added.id } }));
      const row = await t.env.db
        .selectFrom('users')
        .select('withdrawals_paused_until')
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row.withdrawals_paused_until!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    });

    it('says passkeys are off on a server without a passkey origin', async () => {
      const off = await makeApp(t.env, { config: { webauthn: undefined } });
      try {
        expect((await call(off, api.passkeys.signInOptions)).json.code).toBe(1014);
      } finally {
        await off.close();
      }
    });
  });

  describe('a transfer approved with a passkey', () => {
    const facts = { channelId: 'usdt-trc20', address: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh', amount: '10' };

    it('replaces the authenticator code for this amount, address and attempt only, and once', async () => {
      const u = await makeUser(t.env.db, { tradePassword: '402718', usdt: '100' });
      const { credential } = await addPasskey(u);
      await bindAuthenticator(t.env.db, u.id);
      // The passkey's own cooling-off has passed.
      await t.env.db.updateTable('users').set({ withdrawals_paused_until: null }).where('id', '=', u.id).execute();
      const approve = async (idempotencyKey: string, f = facts) => {
        const ceremony = ok<Ceremony>(
          api.passkeys.transferOptions,
          await call(t.app, api.passkeys.transferOptions, { token: u.token, body: { ...f, idempotencyKey } }),
        );
        return { challengeId: ceremony.challengeId, response: phone().get(credential, ceremony.options.challenge as string) };
      };
      const withdraw = (key: string, body: object) =>
        call(t.app, api.money.withdraw, {
          token: u.token,
          body: { ...facts, tradePassword: '402718', ...body },
          headers: idem(key),
        });

      // Neither the code nor a passkey: refused as before.
      expect((await withdraw('pk-transfer-0001', {})).json.code).toBe(2007);
      // Approved for 10, sent for 11: the signature covers the amount.
      expect((await withdraw('pk-transfer-0001', { amount: '11', passkey: await approve('pk-transfer-0001') })).json.code).toBe(
        1012,
      );
      // Approved for another attempt's key.
      expect((await withdraw('pk-transfer-0002', { passkey: await approve('pk-transfer-0001') })).json.code).toBe(1012);
      // Approved for another address.
      const elsewhere = await approve('pk-transfer-0003', { ...facts, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
      expect((await withdraw('pk-transfer-0003', { passkey: elsewhere })).json.code).toBe(1012);

      const proof = await approve('pk-transfer-0004');
      // The trade password is still required.
      expect((await withdraw('pk-transfer-0004', { tradePassword: '111111', passkey: proof })).json.code).toBe(2005);
      const fresh = await approve('pk-transfer-0004', { ...facts, amount: '10.00' });
      ok(api.money.withdraw, await withdraw('pk-transfer-0004', { amount: '10.00', passkey: fresh }));
      // Replayed for a new attempt of the same transfer: its challenge is spent.
      expect((await withdraw('pk-transfer-0005', { passkey: fresh })).json.code).toBe(1012);
    });

    it("is refused with another account's passkey", async () => {
      const owner = await makeUser(t.env.db, { tradePassword: '402718', usdt: '100' });
      const thief = await makeUser(t.env.db);
      await addPasskey(owner);
      const { credential } = await addPasskey(thief);
      await t.env.db.updateTable('users').set({ withdrawals_paused_until: null }).where('id', '=', owner.id).execute();
      const ceremony = ok<Ceremony>(
        api.passkeys.transferOptions,
        await call(t.app, api.passkeys.transferOptions, {
          token: owner.token,
          body: { ...facts, idempotencyKey: 'pk-thief-0001' },
        }),
      );
      const r = await call(t.app, api.money.withdraw, {
        token: owner.token,
        body: {
          ...facts,
          tradePassword: '402718',
          passkey: { challengeId: ceremony.challengeId, response: phone().get(credential, ceremony.options.challenge as string) },
        },
        headers: idem('pk-thief-0001'),
      });
      expect(r.json.code).toBe(1013);
    });
  });
});

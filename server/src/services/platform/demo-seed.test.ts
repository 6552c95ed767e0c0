/** The demo seed is one atomic, idempotent unit: parallel runs create it once, a failed run leaves nothing. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dec } from '../../common/decimal';
import { backends, resetDb, setupDb, type TestEnv } from '../../test/helpers';
import * as notify from '../messages/messages';
import { seedDemo } from './demo-seed';
import { seedReference } from './reference';

describe.each(backends)('demo seed on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb(backend, 'seed', { chain: true });
  });
  afterAll(() => env.close());
  beforeEach(() => resetDb(env.db));

  const users = async () => (await env.db.selectFrom('users').select('id').execute()).length;

  it('runs once when started three times at the same moment', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => seedDemo(env.db, env.config)));
    expect(runs.map((r) => r.created).sort()).toEqual([false, false, true]);
    expect(await users()).toBe(1);
  });

  it('a production instance creates its channels with approval above a limit; the operator’s choice survives restarts', async () => {
    await env.db.deleteFrom('withdraw_channels').execute();
    await seedReference(env.db, undefined, { production: true });
    const limits = async () =>
      Object.fromEntries(
        (await env.db.selectFrom('withdraw_channels').select(['currency', 'approval_above']).execute()).map((c) => [
          c.currency,
          c.approval_above === null ? null : dec(c.approval_above).toFixed(),
        ]),
      );
    expect(await limits()).toEqual({ USDT: '2000', TRX: '8000', TSR: '40000' });
    await env.db.updateTable('withdraw_channels').set({ approval_above: null }).where('currency', '=', 'TRX').execute();
    await seedReference(env.db, undefined, { production: true });
    expect(await limits()).toEqual({ USDT: '2000', TRX: null, TSR: '40000' });
  });

  it("reference data is upserted: the code's fee reaches an existing database, the operator's switch stays", async () => {
    const channel = () =>
      env.db.selectFrom('withdraw_channels').select(['fee', 'enabled']).where('id', '=', 'usdt-trc20').executeTakeFirstOrThrow();
    const codeFee = (await channel()).fee;
    await env.db.updateTable('withdraw_channels').set({ fee: '99', enabled: false }).where('id', '=', 'usdt-trc20').execute();
    await Promise.all([seedReference(env.db), seedReference(env.db)]);
    expect(await channel()).toEqual({ fee: codeFee, enabled: false });
  });

  it('leaves nothing behind when it fails half-way, and succeeds on the next run', async () => {
    const publish = vi.spyOn(notify, 'publish').mockRejectedValueOnce(new Error('crash half-way'));
    await expect(seedDemo(env.db, env.config)).rejects.toThrow('crash half-way');
    expect(await users()).toBe(0);
    expect(await env.db.selectFrom('records').select('id').execute()).toEqual([]);
    publish.mockRestore();
    expect((await seedDemo(env.db, env.config)).created).toBe(true);
    expect(await users()).toBe(1);
  });
});

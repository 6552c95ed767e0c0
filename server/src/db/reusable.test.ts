import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setupDb, type TestEnv } from '../test/helpers';
import { reusable } from './reusable';

describe.each(backends)('a statement compiled once on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb(backend, 'reusable');
  });
  afterAll(() => env.close());

  it('binds each call its own arguments and keeps the constants the builder placed', async () => {
    let builds = 0;
    const read = reusable((db, n: number, word: string) => {
      builds++;
      return db.selectNoFrom([
        sql<number>`${n}::int + 1`.as('next'),
        sql<string>`${word} || ${'!'}`.as('said'),
        sql<string>`${word}`.as('again'),
      ]);
    });
    expect(await read(env.db, 1, 'one')).toEqual([{ next: 2, said: 'one!', again: 'one' }]);
    expect(await read(env.db, 41, 'two')).toEqual([{ next: 42, said: 'two!', again: 'two' }]);
    expect(builds).toBe(1);
  });

  it('refuses a builder that leaves an argument out (it would be bound nowhere)', async () => {
    const read = reusable((db, n: number, _unused: string) => db.selectNoFrom(sql<number>`${n}::int`.as('n')));
    await expect(read(env.db, 1, 'lost')).rejects.toThrow(/places 1 of its 2 arguments/);
  });
});

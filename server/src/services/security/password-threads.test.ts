/** The argon2id pool: real threads, real hashes, below the server's priority. */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PasswordThreads } from './password-threads';

const run = promisify(execFile);
const CHEAP = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** Nice values of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password pool', () => {
  const pool = new PasswordThreads(2);
  afterAll(() => pool.close());

  it('hashes and verifies on its threads', async () => {
    const stored = (await pool.run({ kind: 'hash', password: 'Tr4de-pass', options: CHEAP })) as string;
    expect(stored).toMatch(/^\$argon2id\$/);
    const results = await Promise.all([
      pool.run({ kind: 'verify', stored, password: 'Tr4de-pass' }),
      pool.run({ kind: 'verify', stored, password: 'wrong' }),
      pool.run({ kind: 'verify', stored, password: 'Tr4de-pass' }),
      pool.run({ kind: 'verify', stored, password: 'Tr4de-pas' }),
      pool.run({ kind: 'verify', stored, password: 'Tr4de-pass' }),
    ]);
    expect(results).toEqual([true, false, true, false, true]);
    await expect(pool.run({ kind: 'verify', stored: 'not a hash', password: 'x' })).rejects.toThrow();
    // Still serving after a failed job.
    expect(await pool.run({ kind: 'verify', stored, password: 'Tr4de-pass' })).toBe(true);
  });

  it.runIf(os.platform() === 'linux')('runs its threads below the priority of the rest of the process', async () => {
    const stored = (await pool.run({ kind: 'hash', password: 'p', options: CHEAP })) as string;
    await Promise.all([1, 2, 3].map(() => pool.run({ kind: 'verify', stored, password: 'p' })));
    const nice = threadNiceValues();
    expect(nice.filter((n) => n === os.constants.priority.PRIORITY_BELOW_NORMAL).length).toBe(2);
    expect(os.getPriority(0)).toBe(0); // the calling thread kept its priority
  });

  it('does not keep a finished process alive', async () => {
    // A command-line tool that hashed once must exit: idle threads are unreferenced, also those
    // that never got a job.
    const script = `import { PasswordThreads } from ${JSON.stringify(new URL('./password-threads.ts', import.meta.url).href)};
      const pool = new PasswordThreads(2);
      await pool.run({ kind: 'hash', password: 'p', options: ${JSON.stringify(CHEAP)} });
      console.log('hashed');`;
    const started = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('hashed');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 40_000);

  it('refuses jobs still queued when it closes', async () => {
    const closing = new PasswordThreads(1);
    const stored = (await closing.run({ kind: 'hash', password: 'p', options: CHEAP })) as string;
    const jobs = Promise.allSettled([1, 2, 3].map(() => closing.run({ kind: 'verify', stored, password: 'p' })));
    await closing.close();
    const settled = await jobs;
    expect(settled.some((s) => s.status === 'rejected')).toBe(true);
  });
});

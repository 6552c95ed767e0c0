/**
 * One migrated, empty embedded database per test run, copied for each test file that asks for one:
 * initdb in WebAssembly and the migrations took ≈ 2 s of every such file's start (≈ 30 of them),
 * loading the copy ≈ 0.4 s. The run's global setup makes it; a test started some other way (no
 * template named) gets a database made from scratch, as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, openDb, openPGlite } from '../src/db/index';

const TEMPLATE_ENV = 'TESSERA_PGLITE_TEMPLATE';

/** Vitest's global setup of the server tests: makes the template, and removes it after the run. */
export default async function makeTemplate(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const pglite = await PGlite.create();
  const db = await openDb({ pglite });
  await migrate(db);
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  // The test files' processes start after this and inherit it.
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * An embedded database in `dir`: a copy of the run's migrated template when there is one, else a
 * fresh one. `setupDb` migrates either way (on the copy that finds nothing to do).
 */
export async function openTestPGlite(dir: string): Promise<PGlite> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return openPGlite(dir);
  return PGlite.create(path.resolve(dir), { loadDataDir: new Blob([readFileSync(template)]) });
}

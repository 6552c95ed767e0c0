/**
 * DATA_DIR holds the embedded database, uploads, the master seed and the ops token: only the user
 * the server runs as may read it. Created 0700, tightened to 0700 when it already exists (older
 * versions left it 0755 with PGlite's files 0666), and everything the server creates from now on is
 * private to it (umask 077).
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function preparePrivateDataDir(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenTree(dir);
}

/**
 * Takes group and other permissions off everything under `dir`. Run again once the embedded
 * database is open: PGlite writes its files 0666 whatever the umask. The directory itself being 0700
 * is what keeps files it creates later out of other users' reach.
 */
export function tightenTree(dir: string): void {
  const walk = (p: string) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch (e) {
      // Gone meanwhile (a server still stopping removes its pid file): nothing to tighten.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) chmodSync(p, st.mode & 0o700);
    if (st.isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
  };
  walk(dir);
}

/** DATA_DIR/server.pid: PGlite is single-process, so one server per data directory. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Running {
  pid: number;
  port: number;
}

const file = (dataDir: string) => path.join(dataDir, 'server.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live server using this data directory, if any (stale files are ignored). */
export function runningServer(dataDir: string): Running | null {
  if (!existsSync(file(dataDir))) return null;
  try {
    const r = JSON.parse(readFileSync(file(dataDir), 'utf8')) as Running;
    return r.pid !== process.pid && alive(r.pid) ? r : null;
  } catch {
    return null;
  }
}

/** Claims the data directory for this process (call before opening PGlite). */
export function writePidFile(dataDir: string, port: number) {
  writeFileSync(file(dataDir), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
}

/** Removes the file only when this process wrote it. */
export function removePidFile(dataDir: string) {
  try {
    const r = JSON.parse(readFileSync(file(dataDir), 'utf8')) as Running;
    if (r.pid === process.pid) rmSync(file(dataDir), { force: true });
  } catch {
    // absent or unreadable: nothing of ours to remove
  }
}

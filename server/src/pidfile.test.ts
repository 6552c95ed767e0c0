import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removePidFile, runningServer, writePidFile } from './pidfile';

describe('server.pid', () => {
  it('reports a live other server, ignores stale files, and removes only its own file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pid-'));
    const file = path.join(dir, 'server.pid');
    expect(runningServer(dir)).toBeNull();
    writeFileSync(file, JSON.stringify({ pid: process.ppid, port: 8080 }));
    expect(runningServer(dir)).toEqual({ pid: process.ppid, port: 8080 });
    removePidFile(dir);
    expect(existsSync(file)).toBe(true);
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, port: 8080 }));
    expect(runningServer(dir)).toBeNull();
    writePidFile(dir, 9090);
    expect(runningServer(dir)).toBeNull(); // our own process
    removePidFile(dir);
    expect(existsSync(file)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

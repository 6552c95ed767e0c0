/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, migrates, seeds the
 * demo on first run, starts the jobs and listens on HOST:PORT (HTTPS with TLS_CERT + TLS_KEY).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { preparePrivateDataDir, tightenTree } from './data-dir';
import { migrate, openDb } from './db/index';
import { startJobs } from './jobs/scheduler';
import { removePidFile, runningServer, writePidFile } from './pidfile';
import { getSetting, setSetting } from './services/content';
import { loadMasterSeed } from './services/keys';
import { seedReference } from './services/reference';
import { demoCredentials, seedDemo } from './services/seed';

const out = (s: unknown) => process.stdout.write(`${typeof s === 'string' ? s : String(s)}\n`);
const errOut = (s: unknown) => process.stderr.write(`${s instanceof Error ? (s.stack ?? s.message) : String(s)}\n`);

const ROOT = path.resolve(import.meta.dirname, '../..');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    max = Math.max(max, newestMtime(path.join(p, e)));
  }
  return max;
}

function buildIfNeeded(staticDir: string) {
  const index = path.join(staticDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'public', 'locales', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(path.join(ROOT, p))),
  );
  if (built >= sources) return;
  out(built ? 'Sources changed: rebuilding the app (vite build)…' : 'Building the app (vite build)…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) errOut('The front-end build failed: serving the API only until it is fixed.');
}

async function main() {
  const config = loadConfig();
  if (!process.env.STATIC_DIR && process.env.SKIP_BUILD !== '1') buildIfNeeded(config.staticDir);
  // After the build: the built app stays readable by a proxy serving it; the data does not.
  preparePrivateDataDir(config.dataDir);
  const other = config.databaseUrl ? null : runningServer(config.dataDir);
  if (other) {
    errOut(`Another server (pid ${other.pid}, port ${other.port}) already uses ${config.dataDir}; PGlite is single-process.`);
    process.exit(1);
  }
  if (!config.databaseUrl) writePidFile(config.dataDir, config.port);
  loadMasterSeed(config.dataDir, config.masterSeed);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  await seedReference(db);
  if ((await getSetting(db, 'demoSeeded')) === null && process.env.SEED_DEMO !== '0') {
    const r = await seedDemo(db, config);
    await setSetting(db, 'demoSeeded', new Date().toISOString());
    if (r.created) out('Seeded the demo data.');
  }
  // After migrating and seeding, before serving: PGlite wrote its files 0666 whatever the umask.
  tightenTree(config.dataDir);
  const opsToken = randomBytes(24).toString('hex');
  writeFileSync(path.join(config.dataDir, 'ops-token'), opsToken, { mode: 0o600 });
  const app = await buildApp({ db, config, opsToken });
  const stopJobs = startJobs(db, config, app.log);
  await app.listen({ host: config.host, port: config.port });
  const scheme = config.tlsCert && config.tlsKey ? 'https' : 'http';
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  out(`\nTessera is running at ${scheme}://${shownHost}:${config.port}/`);
  out(demoCredentials());
  out('Ops: npm run ops -- help\n');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopJobs();
    removePidFile(config.dataDir);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  errOut(err);
  process.exit(1);
});

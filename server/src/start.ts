/**
 * `npm start` (after `npm run build`): the compiled server. Two modes, one code path:
 * - no DATABASE_URL: the zero-setup demo on the embedded database (PGlite in DATA_DIR) with its demo
 *   account, seeded on first run;
 * - DATABASE_URL: a production instance, one of any number on one PostgreSQL. Every shared secret
 *   must be configured (a one-line error names what is missing), nothing is seeded unless asked
 *   (`npm run ops -- seed`), and nothing is built: the build is a deploy step.
 * SIGTERM drains: /readyz turns 503, in-flight requests get their answers, jobs stop, exit 0.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { startEmbeddedDevnet } from './chain/embedded';
import { createGateway } from './chain/gateway';
import { hotWallet, loadMasterSeed } from './chain/keys';
import { loadConfig, missingProductionSettings } from './config';
import { preparePrivateDataDir, tightenTree } from './data-dir';
import { migrate, openDb } from './db/index';
import { startJobs } from './jobs/scheduler';
import { createLifecycle } from './lifecycle';
import { removePidFile, runningServer, writePidFile } from './pidfile';
import { bookCapital } from './services/money-moves/ledger';
import { getSetting, setSetting } from './services/platform/content';
import { demoCredentials, seedDemo } from './services/platform/demo-seed';
import { seedReference } from './services/platform/reference';
import { loadSecretsKeys } from './services/platform/secret-box';

const out = (s: unknown) => process.stdout.write(`${typeof s === 'string' ? s : String(s)}\n`);
const errOut = (s: unknown) => process.stderr.write(`${s instanceof Error ? (s.stack ?? s.message) : String(s)}\n`);

async function main() {
  let config = loadConfig();
  const production = Boolean(config.databaseUrl);
  const missing = missingProductionSettings(config);
  if (missing) {
    errOut(missing);
    process.exit(1);
  }
  preparePrivateDataDir(config.dataDir);
  if (!production) {
    const other = runningServer(config.dataDir);
    if (other) {
      errOut(`Another server (pid ${other.pid}, port ${other.port}) already uses ${config.dataDir}; PGlite is single-process.`);
      process.exit(1);
    }
    writePidFile(config.dataDir, config.port);
  }
  loadMasterSeed(config.dataDir, config.masterSeed);
  loadSecretsKeys(config.dataDir, config.secretsKey);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Both idempotent and safe when instances start together: migrations under an advisory lock,
  // reference data as upserts.
  await migrate(db);
  await seedReference(db, config.tron.contracts, { production: config.databaseUrl !== undefined });
  const wallet = hotWallet(config.tron.hotWalletKey);
  const devnet = config.tron.fullNode ? undefined : await startEmbeddedDevnet(config, wallet.address);
  if (devnet) await bookCapital(db, devnet.funded);
  // From here on the embedded devnet is the configured node: the seed, /ops and the jobs use it.
  if (devnet) config = { ...config, tron: { ...config.tron, fullNode: devnet.url } };
  const gateway = createGateway(config.tron, wallet);
  if (!production && (await getSetting(db, 'demoSeeded')) === null) {
    const r = await seedDemo(db, config);
    await setSetting(db, 'demoSeeded', new Date().toISOString());
    if (r.created) out('Seeded the demo data.');
  }
  // PGlite wrote its files 0666 whatever the umask.
  tightenTree(config.dataDir);
  // The ops CLI reaches the single embedded instance through loopback /ops with this token; with
  // DATABASE_URL it opens the database itself and /ops is off.
  let opsToken: string | null = null;
  if (!production) {
    opsToken = randomBytes(24).toString('hex');
    writeFileSync(path.join(config.dataDir, 'ops-token'), opsToken, { mode: 0o600 });
  }
  const lifecycle = createLifecycle();
  const app = await buildApp({ db, config, opsToken, lifecycle, gateway });
  const stopJobs = startJobs(db, config, app.log, { lifecycle, gateway });
  if (!config.push.subject) app.log.warn('push notifications are off: set PUSH_SUBJECT (docs/deploy.md) to send them');
  await app.listen({ host: config.host, port: config.port });
  const scheme = config.tlsCert && config.tlsKey ? 'https' : 'http';
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  out(`\nTessera is running at ${scheme}://${shownHost}:${config.port}/`);
  if (devnet) out(`TRON devnet (java-tron HTTP API): ${devnet.url}  ·  hot wallet ${wallet.address}`);
  if (!production) out(demoCredentials());
  out('Ops: npm run ops -- help\n');

  const stop = async (signal: string) => {
    if (lifecycle.draining) return;
    app.log.info({ signal }, 'draining');
    lifecycle.draining = true;
    stopJobs();
    // Keep serving while the proxy notices /readyz (every answer now closes its connection, so no
    // idle keep-alive socket is left to race the close), then stop accepting, let every request in
    // flight get its answer (bounded), and close the pool.
    await new Promise((r) => setTimeout(r, config.drainDelaySeconds * 1000));
    const forced = setTimeout(() => app.server.closeAllConnections?.(), config.drainSeconds * 1000);
    await app.close();
    clearTimeout(forced);
    await lifecycle.idleJobs();
    await devnet?.close();
    if (!production) removePidFile(config.dataDir);
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  errOut(err);
  process.exit(1);
});

/**
 * A deploy in every engine: the server's appVersion goes up, the app installs the new build's
 * service worker, hands over to it and reloads once into the new build — then has nothing left to
 * install. The app shows where its update flow stands on `<html data-update>` and the build it
 * runs on `<html data-build>`, so nothing here waits a fixed time.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORT, E2E_STATIC_DIR } from '../harness/env.ts';
import { startServer } from '../harness/server-process.ts';
import type { EnginePage } from './harness/engine-page.ts';
import { expect, test } from './harness/fixtures.ts';
import { SECOND_BUILD_ENV } from './harness/global-setup.ts';
import { waitForWorkerControl } from './harness/steps.ts';

/** A server of this test's own (its appVersion changes), beside the worker's. */
const DEPLOY_PORT = E2E_PORT + 50;
test.use({ appServerPort: DEPLOY_PORT });

/** What the page says of its build and update; nothing while the app is reloading itself. */
const html = (phone: EnginePage) =>
  phone
    .evaluate(() => ({
      build: document.documentElement.dataset.build,
      update: document.documentElement.dataset.update,
      loadedAt: performance.timeOrigin,
    }))
    // The app's own reload can land between the driver's call and its answer ("execution context
    // destroyed"): read again on the next poll.
    .catch(() => ({ build: undefined, update: undefined, loadedAt: Number.NaN }));

test('a new appVersion brings the new build in with one reload', async ({ phone }) => {
  test.setTimeout(150_000);
  const served = mkdtempSync(path.join(tmpdir(), 'tessera-deploy-'));
  const deploy = (build: string) => {
    rmSync(served, { recursive: true, force: true });
    cpSync(build, served, { recursive: true });
  };
  deploy(E2E_STATIC_DIR);
  const server = await startServer({ port: DEPLOY_PORT, staticDir: served });
  try {
    await phone.goto('/pages/login/index');
    await waitForWorkerControl(phone);
    await expect.poll(async () => (await html(phone)).update, { timeout: 60_000 }).toBe('idle');
    const first = (await html(phone)).build;

    deploy(process.env[SECOND_BUILD_ENV] ?? '');
    await server.ops('set-version', '3.0.2');
    await phone.reload();
    const reopened = (await html(phone)).loadedAt;
    // The new worker installs, takes over, and the app reloads once into build two…
    await expect.poll(async () => (await html(phone)).build, { timeout: 60_000 }).toBe('two');
    expect(first).not.toBe('two');
    await expect.poll(async () => (await html(phone)).update, { timeout: 60_000 }).toBe('idle');
    const updated = await html(phone);
    expect(updated.loadedAt).not.toBe(reopened);

    // …and then has nothing left to install: a reload stays on build two, with no reload of its own.
    await phone.reload();
    const again = (await html(phone)).loadedAt;
    await expect.poll(async () => (await html(phone)).update, { timeout: 60_000 }).toBe('idle');
    expect(await html(phone)).toEqual({ build: 'two', update: 'idle', loadedAt: again });
  } finally {
    await server.stop();
    rmSync(served, { recursive: true, force: true });
  }
});

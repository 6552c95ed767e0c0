/**
 * The walls of docs/architecture.md, checked in `npm test`: Biome's restricted-import rule refuses a
 * feature that imports the composition root or a route, a route that imports the composition root,
 * and a shared layer that imports a feature;
 * the import graph refuses a feature importing another feature; the client and the server have no
 * import cycles.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, featureCrossings, importGraph } from './import-graph';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Lints `source` at `file` of a scratch tree that has the repository's Biome configuration. */
function lint(file: string, source: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-layers-'));
  try {
    const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
    config.$schema = undefined;
    config.vcs = { enabled: false };
    writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
    const r = spawnSync(path.join(ROOT, 'node_modules/.bin/biome'), ['lint', file], { cwd: scratch, encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('layers', () => {
  it('refuses a feature importing src/app or a route', () => {
    const fromApp = lint(
      'src/features/wallet/probe.ts',
      "import { createAppRouter } from '../../app/router';\nexport const x = createAppRouter;\n",
    );
    expect(fromApp.ok).toBe(false);
    expect(fromApp.output).toMatch(/never the composition root/);
    const fromRoute = lint('src/features/wallet/probe.ts', "export const load = () => import('../../routes/__root');\n");
    expect(fromRoute.ok).toBe(false);
  });

  it('refuses a route importing the composition root', () => {
    const r = lint(
      'src/routes/probe.tsx',
      "import { createAppRouter } from '../app/router';\nexport const x = createAppRouter;\n",
    );
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/Routes are thin/);
    const toFeature = lint(
      'src/routes/probe.tsx',
      "import { HomeScreen } from '../features/wallet/home-screen';\nexport const x = HomeScreen;\n",
    );
    expect(toFeature.output).not.toMatch(/noRestrictedImports/);
  });

  it('refuses a shared layer importing a feature', () => {
    const r = lint(
      'src/session/probe.ts',
      "import { SwapScreen } from '../features/swap/swap-screen';\nexport const x = SwapScreen;\n",
    );
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/Shared layers sit below features/);
  });

  it('refuses, on the server, a service importing a route or a job, and the chain importing a service', () => {
    const serviceToRoute = lint(
      'server/src/services/probe.ts',
      "import { define } from '../routes/define';\nexport const x = define;\n",
    );
    expect(serviceToRoute.ok).toBe(false);
    expect(serviceToRoute.output).toMatch(/Services sit below the routes/);
    const serviceToJob = lint('server/src/services/probe.ts', "export const load = () => import('../jobs/withdrawals');\n");
    expect(serviceToJob.ok).toBe(false);
    const chainToService = lint(
      'server/src/chain/probe.ts',
      "import { post } from '../services/money-moves/ledger';\nexport const x = post;\n",
    );
    expect(chainToService.ok).toBe(false);
    expect(chainToService.output).toMatch(/The chain .* sits below the services/);
    const routeToService = lint(
      'server/src/routes/probe.ts',
      "import { post } from '../services/money-moves/ledger';\nexport const x = post;\n",
    );
    expect(routeToService.output).not.toMatch(/noRestrictedImports/);
  });

  it('accepts a feature importing the shared layers', () => {
    const r = lint(
      'src/features/wallet/probe.ts',
      "import { appStore } from '../../session/store';\nexport const x = appStore;\n",
    );
    expect(r.output).not.toMatch(/noRestrictedImports/);
  });

  it('refuses a feature importing another feature, even for a type, by resolved path', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-features-'));
    try {
      const put = (file: string, source: string) => {
        mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
        writeFileSync(path.join(scratch, file), source);
      };
      put('src/features/swap/components/pair.tsx', 'export const Pair = 1;\n');
      put('src/features/swap/model/quote.ts', "import { Pair } from '../components/pair';\nexport const q = Pair;\n");
      put(
        'src/features/transfer/send.ts',
        "import type { Pair } from '../swap/components/pair';\nexport type P = typeof Pair;\n",
      );
      put('src/features/transfer/model/fee.ts', "export const fee = () => import('../../swap/model/quote');\n");
      const crossings = featureCrossings(importGraph([path.join(scratch, 'src')], { withTypes: true }))
        .map((c) => c.replace(/^.*?src\//, 'src/').replace(/→ .*?src\//, '→ src/'))
        .sort();
      expect(crossings).toEqual([
        'src/features/transfer/model/fee.ts → src/features/swap/model/quote.ts',
        'src/features/transfer/send.ts → src/features/swap/components/pair.tsx',
      ]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('has no feature importing another feature', () => {
    expect(featureCrossings(importGraph([path.join(ROOT, 'src')], { withTypes: true }))).toEqual([]);
  });

  it('has no import cycles, client or server', () => {
    expect(cycles(importGraph([path.join(ROOT, 'src'), path.join(ROOT, 'server/src')]))).toEqual([]);
  });
});

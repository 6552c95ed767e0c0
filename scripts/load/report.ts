/** What a mixed-load run measured and found, and how it is printed. */
export interface LoadReport {
  backend: string;
  seconds: number;
  clients: number;
  total: number;
  rps: number;
  kinds: Array<{ kind: string; n: number; rps: number; p50: number; p99: number; errors: Record<string, number> }>;
  replays: number;
  /** Latency of GET /healthz (no database) and GET /config/app (one query), sampled every 250 ms. */
  probes: Array<{ path: string; p50: number; p99: number; max: number }>;
  /** Probe samples over 2 s. */
  stalls: string[];
  problems: string[];
}

export function printLoad(r: LoadReport) {
  console.info(
    `\nMixed load on ${r.backend} — ${r.clients} clients, ${r.seconds} s, ${r.total} requests, ${r.rps.toFixed(0)} req/s, ${r.replays} same-key replays`,
  );
  console.info(
    `  ${'kind'.padEnd(10)}${'requests'.padStart(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  errors`,
  );
  for (const k of r.kinds)
    console.info(
      `  ${k.kind.padEnd(10)}${String(k.n).padStart(10)}${k.rps.toFixed(1).padStart(9)}${k.p50.toFixed(0).padStart(9)}${k.p99.toFixed(0).padStart(9)}  ${
        Object.keys(k.errors).length ? JSON.stringify(k.errors) : 'none'
      }`,
    );
  for (const p of r.probes)
    console.info(
      `  probe GET ${p.path} every 250 ms: p50 ${p.p50.toFixed(0)} ms, p99 ${p.p99.toFixed(0)} ms, max ${p.max.toFixed(0)} ms`,
    );
  if (r.stalls.length) console.info(`  stalls (a probe over 2 s) at ${r.stalls.slice(0, 8).join(', ')}`);
  console.info(
    r.problems.length
      ? `  PROBLEMS (${r.problems.length}):\n    ${r.problems.slice(0, 20).join('\n    ')}`
      : '  checks: no errors, no lost or duplicated writes, journal balanced, balances reconcile, wallet snapshots match',
  );
}

/**
 * Prometheus metrics of one instance (GET /metrics, behind METRICS_TOKEN): requests by route and
 * status with latency histograms, errors, the database pool, job runs and settlement lag, and
 * withdrawals by status (read from the database at scrape time, so every instance reports the
 * same truth).
 */
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'tessera_process_' });

const requests = new client.Counter({
  name: 'tessera_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const latency = new client.Histogram({
  name: 'tessera_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const failures = new client.Counter({
  name: 'tessera_http_errors_total',
  help: 'Requests answered with HTTP 5xx, by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});
const jobRuns = new client.Counter({
  name: 'tessera_job_runs_total',
  help: 'Background job runs on this instance, by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
const jobDuration = new client.Histogram({
  name: 'tessera_job_duration_seconds',
  help: 'Duration of background job runs, by job.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
  registers: [registry],
});

const hotWalletFloat = new client.Gauge({
  name: 'tessera_hot_wallet_float',
  help: "What the hot wallet held when the withdrawal job last read it, in base units (sun, or the token's smallest unit), by currency; reported by the instance running jobs.",
  labelNames: ['currency'] as const,
  registers: [registry],
});

/** The hot wallet's balance as a job just read it from the chain, in base units. */
export function recordHotWalletFloat(currency: string, units: number): void {
  hotWalletFloat.set({ currency }, units);
}

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requests.inc({ method, route, status: String(status) });
  latency.observe({ method, route }, seconds);
  if (status >= 500) failures.inc({ route });
}

export function recordJobRun(job: string, outcome: 'ok' | 'error', ms: number): void {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, ms / 1000);
}

/**
 * A gauge read when scraped (`collect` runs at each scrape). Registering a name again replaces it:
 * the newest app's database is the one to read (tests build several apps in one process).
 */
export function gauge(name: string, help: string, labelNames: readonly string[], collect: (g: client.Gauge) => Promise<void>) {
  registry.removeSingleMetric(name);
  return new client.Gauge({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    async collect() {
      await collect(this);
    },
  });
}

/**
 * What an operator and their infrastructure ask an instance: is the process alive (/healthz), may
 * it get traffic (/readyz: database reachable and migrated, not draining), how is it doing
 * (/metrics, Prometheus text behind METRICS_TOKEN), and what is the API (/openapi.json generated
 * from the contract, browsable at /docs).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../context';
import { pendingMigrations, poolOf } from '../db/index';
import { DONE } from '../db/literals';
import type { Lifecycle } from '../lifecycle';
import { gauge, recordRequest, registry } from '../metrics';
import { apiReferencePage, openApiDocument } from '../openapi';
import type { Reconciliation } from '../services/custody/reconcile';
import { systemBalance } from '../services/money-moves/running-totals';

const sameSecret = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function operatorRoutes(app: FastifyInstance, ctx: Ctx, lifecycle: Lifecycle) {
  const { db, config } = ctx;

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    recordRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  // Draining: each answer ends its connection, so clients open new ones (to another instance).
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'alive' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    try {
      const pending = await pendingMigrations(db);
      if (pending.length) return reply.code(503).send({ status: 'migrating', pending });
      return reply.send({ status: 'ready' });
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  gauge('tessera_withdrawals', 'Withdrawal records by status (all instances).', ['status'], async (g) => {
    const rows = await db
      .selectFrom('records')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('type', '=', 'withdraw')
      .groupBy('status')
      .execute();
    g.reset();
    for (const r of rows) g.set({ status: r.status }, Number(r.n));
  });
  gauge('tessera_sweep_holds', 'Deposit addresses whose sweep failed on the chain, waiting for an operator.', [], async (g) => {
    const { n } = await db
      .selectFrom('sweep_holds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    g.set(Number(n));
  });
  gauge('tessera_sweeps_open', 'Top-ups and sweeps signed and not yet settled on the chain, by kind.', ['kind'], async (g) => {
    const rows = await db
      .selectFrom('chain_sweeps')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('state', '<>', DONE)
      .groupBy('kind')
      .execute();
    g.reset();
    for (const kind of ['topup', 'sweep']) g.set({ kind }, Number(rows.find((r) => r.kind === kind)?.n ?? 0));
  });
  gauge(
    'tessera_network_fees_burnt',
    "TRX the server's addresses burnt on the chain for bandwidth and energy, in TRX, since the start of the books.",
    [],
    async (g) => {
      g.set(-Number(await systemBalance(db, 'system:network-fees', 'TRX')));
    },
  );
  gauge(
    'tessera_reconciliation_unexplained',
    'What the last reconciliation found between the books and the chain that nothing on its way explains, by currency (0: equal).',
    ['currency'],
    async (g) => {
      const last = await db.selectFrom('reconciliations').select('report').orderBy('id', 'desc').limit(1).executeTakeFirst();
      g.reset();
      for (const c of (last?.report as Reconciliation | undefined)?.currencies ?? [])
        g.set({ currency: c.currency }, Number(c.unexplained));
    },
  );
  gauge('tessera_settlement_lag_seconds', 'Age of the oldest withdrawal still waiting to settle (0: none).', [], async (g) => {
    const { rows } = await sql<{ age: number | null }>`
        select extract(epoch from now() - min(created_at))::float8 as age from records where type = 'withdraw' and status = 'withdrawing'`.execute(
      db,
    );
    g.set(Number(rows[0]?.age ?? 0));
  });
  gauge('tessera_db_pool_connections', 'Database pool connections of this instance, by state.', ['state'], async (g) => {
    const p = poolOf(db);
    if (!p) return; // the embedded database has no pool
    g.set({ state: 'total' }, p.totalCount);
    g.set({ state: 'idle' }, p.idleCount);
    g.set({ state: 'waiting' }, p.waitingCount);
  });

  app.get('/metrics', async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!config.metricsToken) return reply.code(404).send({ code: 404, msg: 'Not found' });
    if (!given || !sameSecret(config.metricsToken, given)) return reply.code(401).send({ code: 401, msg: 'Unauthorized' });
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  const document = openApiDocument();
  app.get('/openapi.json', async (_req, reply) => reply.send(document));
  const page = apiReferencePage(document);
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
}

/**
 * The plan of every statement the server runs, checked at full size. `auto_explain` (a module that
 * ships with PostgreSQL) is loaded into every new connection of the bench's database and logs each
 * statement's plan as JSON to the server log; the bench reads that log back (a superuser may read any
 * file) and fails on a sequential scan of a table that grows with users or records.
 *
 * The server's pool must open its connections after `enablePlanLog` (start the API server after it):
 * `session_preload_libraries` applies to new sessions only.
 */
import type pg from 'pg';

/** Tables whose size follows the number of users or records: never read whole on a request. */
export const GROWING_TABLES = [
  'users',
  'records',
  'journal',
  'balances',
  'messages',
  'wallets',
  'deposit_addresses',
  'sessions',
  'wallet_snapshots',
  'live_events',
  'idempotency_keys',
  'chain_deposits',
  'chain_withdrawals',
  'chain_sweeps',
  'chain_holdings',
  'distribution_shares',
  'audit_log',
] as const;

/**
 * Loads auto_explain into every new connection, logging nothing yet: `logPlans(admin, true)` turns
 * it on for the statements whose plans are checked (logging every plan costs time, so the timed
 * passes run with it off).
 */
export async function enablePlanLog(admin: pg.ClientBase): Promise<void> {
  // ALTER SYSTEM accepts the module's settings once the module is known to this session.
  await admin.query(`load 'auto_explain'`);
  await admin.query(`alter system set session_preload_libraries = 'auto_explain'`);
  await admin.query(`alter system set auto_explain.log_format = 'json'`);
  await admin.query(`alter system set auto_explain.log_nested_statements = on`);
  await logPlans(admin, false);
}

/**
 * Every statement's plan to the log (on), or none (off); open connections see it at their next
 * statement. `counted`: each plan with the rows every node returned (run, untimed: the cost is one
 * counter per row), for `planFindingsSince`'s bound on rows read.
 */
export async function logPlans(admin: pg.ClientBase, on: boolean, counted = false): Promise<void> {
  await admin.query(`alter system set auto_explain.log_min_duration = ${on ? 0 : -1}`);
  await admin.query(`alter system set auto_explain.log_analyze = ${on && counted ? 'on' : 'off'}`);
  await admin.query('alter system set auto_explain.log_timing = off');
  await admin.query('select pg_reload_conf()');
}

/** Where the server writes its log: with-postgres.sh starts it with `-l <dir>/log` beside the data. */
export async function logPosition(admin: pg.ClientBase): Promise<{ file: string; offset: number }> {
  const { rows } = await admin.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
  const file = `${rows[0]?.dir.replace(/\/data\/?$/, '')}/log`;
  const size = await admin.query<{ n: string }>(`select (pg_stat_file($1)).size::text as n`, [file]);
  return { file, offset: Number(size.rows[0]?.n ?? 0) };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  /** With `log_analyze`: rows the node returned per loop, and its loops. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/**
 * Statements that read every row of a growing table on purpose, with why: the reward distribution
 * divides the pool among every holder once a period, so it reads every TSR balance once (a sum, then
 * the shares), and a sequential pass is the cheapest way to.
 */
const WHOLE_BY_DESIGN: ReadonlyArray<{ table: string; query: RegExp }> = [
  { table: 'balances', query: /^select sum\(available\)::text as "total" from "balances" where "currency" = \$1/ },
  { table: 'balances', query: /^with shares as \( insert into distribution_shares/ },
  // The same statement writes every holder's share, and returns them to cut the batches.
  { table: 'distribution_shares', query: /^with shares as \( insert into distribution_shares/ },
];

/**
 * Statements of a person's reads that read more of a growing table than a page on purpose, with
 * why: the export fixes its rows and their count before it streams them (the count sent ahead is
 * the file's), one pass over the range's index entries that the first byte waits for (31 ms for a
 * year at full size).
 */
const MANY_BY_DESIGN: ReadonlyArray<{ table: string; query: RegExp }> = [
  { table: 'records', query: /^select count\(\*\) as "n", max\("id"\) as "newest" from "records"/ },
  ...WHOLE_BY_DESIGN,
];

export interface PlanFinding {
  /** "sequential scan", or how many rows a node read. */
  what: string;
  table: string;
  query: string;
}

/** Log read per call: pg_read_file refuses a gigabyte, and the log of a big job's triggers can pass it. */
const CHUNK = 64 * 1024 * 1024;

/**
 * What the plans logged since `from` did that does not stay flat as tables grow: a sequential scan
 * of a growing table, and — given `rowsBound`, on plans logged with `counted` — a node that read
 * more rows of one than that (a count over a person's whole history, a filter without its index).
 */
export async function planFindingsSince(
  admin: pg.ClientBase,
  from: { file: string; offset: number },
  rowsBound?: number,
): Promise<PlanFinding[]> {
  const found = new Map<string, PlanFinding>();
  const growing = new Set<string>(GROWING_TABLES);
  const check = (entry: string) => {
    const start = entry.indexOf('{');
    if (!entry.includes('plan:') || start < 0) return;
    let plan: { 'Query Text'?: string; Plan?: PlanNode };
    try {
      plan = JSON.parse(entry.slice(start)) as typeof plan;
    } catch {
      return;
    }
    const query = (plan['Query Text'] ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    const allowed = (list: typeof WHOLE_BY_DESIGN, table: string) => list.some((w) => w.table === table && w.query.test(query));
    const walk = (node: PlanNode | undefined) => {
      if (!node) return;
      const table = node['Relation Name'];
      if (table && growing.has(table)) {
        if (node['Node Type'] === 'Seq Scan' && !allowed(WHOLE_BY_DESIGN, table))
          found.set(`scan ${table} ${query}`, { what: 'sequential scan', table, query });
        const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
        if (rowsBound !== undefined && rows > rowsBound && !allowed(MANY_BY_DESIGN, table))
          found.set(`rows ${table} ${query}`, { what: `${rows.toLocaleString('en-US')} rows read`, table, query });
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
  };
  const size = await admin.query<{ n: string }>(`select (pg_stat_file($1)).size::text as n`, [from.file]);
  const end = Number(size.rows[0]?.n ?? 0);
  // An entry starts at a line that does not start with white space; one cut by a chunk's end is
  // carried into the next chunk.
  let carried = '';
  for (let offset = from.offset; offset < end; offset += CHUNK) {
    const { rows } = await admin.query<{ text: string }>(`select pg_read_file($1, $2, $3) as text`, [
      from.file,
      offset,
      Math.min(CHUNK, end - offset),
    ]);
    const entries = (carried + (rows[0]?.text ?? '')).split(/\n(?=\S)/);
    carried = entries.pop() ?? '';
    for (const entry of entries) check(entry);
  }
  check(carried);
  return [...found.values()];
}

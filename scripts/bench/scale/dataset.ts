/**
 * The scale bench's data, written with bulk SQL into a migrated, reference-seeded PostgreSQL: users
 * with a built-in wallet and a deposit address, their records, the journal those records moved
 * money by, the balances the journal sums to (every user holds the reward token), messages and two
 * years of prices. `grow` takes the database from whatever size it has to a larger one, so one run measures
 * at the small size, grows, and measures again on the same database, server and connections.
 *
 * What is real and what is simplified:
 * - One user (id 1, "heavy") holds a share of everything (`Size.heavyRecords` records, unread
 *   messages): the person whose reads are measured. The rest spread evenly over everybody else.
 * - Every record that moves money has its journal entry on the user's side; the other side is one
 *   entry per currency and day on `system:bench` (a real ledger has one per movement; the sums,
 *   and what a user's reads touch, are the same). The journal sums to zero and every balance row is
 *   its user's journal sum: checked by `checkLedger`.
 * - Deposit addresses are valid base58check TRON addresses (the watcher is fed blocks that pay
 *   them); the far side of a record is a made-up address of the same shape that no check reads.
 * - Triggers are off while rows go in (`session_replication_role = replica`): they keep live
 *   events, push notices, wallet snapshots and counters for changes a person makes, not for a bulk
 *   load. Wallet snapshots are then rebuilt with the migration's own function, the unread counts
 *   and the journal's days as migration 032 builds them.
 */
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';

/**
 * What the bench writes through: a `pg` client on PostgreSQL, or a PGlite opened in this process
 * (the embedded database, grown while its server is stopped).
 */
export interface SqlClient {
  // biome-ignore lint/suspicious/noExplicitAny: pg's own row type (QueryResultRow) is an index of any.
  query<R extends { [column: string]: any }>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Size {
  users: number;
  records: number;
  /** Of `records`, the heavy user's. */
  heavyRecords: number;
  messages: number;
  /** Of `messages`, the heavy user's unread ones. */
  heavyUnread: number;
  /** Withdrawals paid on the chain and settled, and sweeps done: what the chain jobs' scans must skip. */
  settledMoves: number;
}

/** What the issue asks for, and the same shape a thousand times smaller. */
export const FULL: Size = {
  users: 1_000_000,
  records: 20_000_000,
  heavyRecords: 200_000,
  messages: 1_000_000,
  heavyUnread: 20_000,
  settledMoves: 100_000,
};
export const SMALL: Size = {
  users: 1_000,
  records: 20_000,
  /**
   * Enough that each of the heavy user's first pages is a whole page at the small size too (2 % of
   * 2,000 is about 40 failed): with 200, the Failed tab answered 4 records at the small size and 20
   * at full, and its ratio measured the page's length, not the history's.
   */
  heavyRecords: 2_000,
  messages: 1_000,
  heavyUnread: 20,
  settledMoves: 10,
};
/**
 * The heavy user at full weight in tables a tenth of full size (`BENCH_SCALE=medium`): minutes
 * instead of the better part of an hour, for working on a read.
 */
export const MEDIUM: Size = { ...FULL, users: 100_000, records: 2_000_000, messages: 100_000 };

export const HEAVY_USER = 1;
export const BENCH_COUNTERPART = 'system:bench';
const PRICE_DAYS = 730;
/** Rows per statement: large enough to be bulk, small enough that one statement is not minutes. */
const SLICE = 1_000_000;

/** A valid TRON address (base58check of 0x41 and 20 bytes), the same for the same seed. */
export function tronAddress(seed: string): string {
  const body = Buffer.concat([Buffer.from([0x41]), createHash('sha256').update(seed).digest().subarray(0, 20)]);
  const check = createHash('sha256').update(createHash('sha256').update(body).digest()).digest().subarray(0, 4);
  return base58.encode(Buffer.concat([body, check]));
}

export const depositAddressOf = (userId: number) => tronAddress(`bench-deposit:${userId}`);

/** The heavy user's session token (the bench signs in by writing the session, as a login would). */
export const HEAVY_TOKEN = 'bench-heavy-user-session-token-0123456789abcdef';

async function count(db: SqlClient, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from ${table}`);
  return Number(rows[0]?.n ?? 0);
}

/** Runs `fn` for [from, to] in slices of `slice` rows, printing progress for the long ones. */
async function inSlices(
  [from, to]: [number, number],
  slice: number,
  label: string,
  fn: (lo: number, hi: number) => Promise<unknown>,
) {
  for (let lo = from; lo <= to; lo += slice) {
    const hi = Math.min(to, lo + slice - 1);
    await fn(lo, hi);
    if (to - from >= slice) console.info(`  ${label}: ${hi.toLocaleString('en-US')} / ${to.toLocaleString('en-US')}`);
  }
}

/**
 * Grows the dataset to `size` (never shrinks it). `admin` must be a superuser connection (triggers
 * off for the load). Ends with VACUUM ANALYZE, as a database that grew over months would have been
 * vacuumed as it grew and would have statistics: left to autovacuum, twenty million rows loaded at
 * once are vacuumed during whatever the bench measures next, on the same two cores.
 * `slice`: rows per statement (the embedded database takes smaller ones, in its WebAssembly memory).
 */
export async function grow(admin: SqlClient, size: Size, slice = SLICE): Promise<void> {
  await admin.query('set session_replication_role = replica');
  try {
    await growUsers(admin, size, slice);
    await growRecords(admin, size, slice);
    await growMessages(admin, size, slice);
    await growPrices(admin);
    await growSettledMoves(admin, size);
    await growChainHoldings(admin);
    await rebuildBalances(admin);
    await rebuildCounters(admin);
  } finally {
    await admin.query('set session_replication_role = origin');
  }
  await rebuildSnapshots(admin, size.users);
  await markReconciled(admin);
  await admin.query('vacuum (analyze)');
}

/**
 * The grown history as already reconciled with the chain, as a service that lived through it would
 * have left it (its job reconciles every ten minutes what happened since the run before). Without
 * this, the next run would re-read the chain for every address the grown records and sweeps name,
 * a hundred thousand of them, as if they had all happened in its last ten minutes.
 */
async function markReconciled(db: SqlClient) {
  await db.query(
    `insert into reconciliations (started_at, full_read, through_record_id, balanced, report)
     select now(), false, coalesce(max(id), 0), true,
       jsonb_build_object('at', now(), 'full', false, 'addressesRead', 0, 'balanced', true,
         'currencies', '[]'::jsonb, 'inFlight', '[]'::jsonb)
     from records`,
  );
}

async function growUsers(db: SqlClient, size: Size, slice: number) {
  const have = await count(db, 'users');
  if (have >= size.users) return;
  await inSlices([have + 1, size.users], slice, 'users', async (lo, hi) => {
    await db.query(
      `insert into users (id, account_type, account_key, email, password_hash, nickname, invite_code, activated, created_at)
       overriding system value
       select i, 'email', 'bench' || i || '@scale.test', 'bench' || i || '@scale.test', 'bench-no-login', 'Bench ' || i,
         'S' || to_hex(i), true, now() - interval '${PRICE_DAYS} days' + (i % ${PRICE_DAYS}) * interval '1 day'
       from generate_series($1::int, $2::int) i`,
      [lo, hi],
    );
    // Addresses are base58check, computed here; 50,000 a statement.
    for (let a = lo; a <= hi; a += 50_000) {
      const ids = Array.from({ length: Math.min(hi, a + 49_999) - a + 1 }, (_, k) => a + k);
      const addresses = ids.map(depositAddressOf);
      await db.query(
        `with u as (select * from unnest($1::int[], $2::text[]) as t(id, address))
         , w as (
           insert into wallets (user_id, name, network, address, is_primary, key_path)
           select id, 'Wallet', 'TRC20', address, true, 'user/' || id || '/wallet' from u
         )
         insert into deposit_addresses (user_id, currency, network, address, key_path)
         select id, '*', 'TRC20', address, 'user/' || id || '/wallet' from u`,
        [ids, addresses],
      );
    }
  });
  // Everybody signed in on one device: the session check each read starts with finds one among a million.
  await db.query(
    `insert into sessions (token_hash, user_id, client_id, expires_at)
     select encode(sha256(('bench-session-' || i)::bytea), 'hex'), i, 'bench', now() + interval '30 days'
     from generate_series($1::int, $2::int) i`,
    [have + 1, size.users],
  );
  await db.query(`select setval('users_id_seq', (select max(id) from users))`);
  await db.query(`select setval('wallets_id_seq', (select max(id) from wallets))`);
  await db.query(
    `insert into sessions (token_hash, user_id, client_id, expires_at)
     values (encode(sha256(convert_to($1::text, 'UTF8')), 'hex'), $2, 'bench', now() + interval '30 days')
     on conflict (token_hash) do nothing`,
    [HEAVY_TOKEN, HEAVY_USER],
  );
}

/**
 * Record `j` (1-based, in time order) belongs to the heavy user when j is a multiple of
 * records / heavyRecords, else to one of the others by a hash of j. Types, statuses and currencies
 * follow a fixed mix drawn from another hash of j (so that every user, the heavy one included, has
 * every kind): mostly deposits and withdrawals, 2 % failed. None is still in flight: the server's
 * chain jobs run during the bench, and a withdrawal they would pay needs its frozen funds.
 */
async function growRecords(db: SqlClient, size: Size, slice: number) {
  const have = await count(db, 'records');
  if (have >= size.records) return;
  const every = Math.max(1, Math.floor(size.records / size.heavyRecords));
  const others = Math.max(1, size.users - 1);
  const span = `interval '${PRICE_DAYS} days'`;
  await inSlices([have + 1, size.records], slice, 'records', async (lo, hi) => {
    await db.query(
      `with src as (
         select j,
           case when j % ${every} = 0 then ${HEAVY_USER} else 2 + (hashint4(j) & 2147483647) % ${others} end as user_id,
           (array['deposit','deposit','deposit','deposit','withdraw','withdraw','withdraw','swap','reward','airdrop'])[1 + h % 10] as type,
           case when h / 10 % 50 = 7 then 'failed' else 'success' end as status,
           (array['USDT','USDT','USDT','TRX','TSR'])[1 + h / 500 % 5] as currency,
           (1 + (hashint4(j * 7) & 65535) / 100.0)::numeric(38,18) as amount,
           now() - ${span} + ${span} * (j::float8 / $3::float8) as at
         from generate_series($1::int, $2::int) j, lateral (select hashint4(j * 7 + 3) & 2147483647 as h) mix
       ), ins as (
         insert into records (id, user_id, type, direction, status, currency, network, amount, fee, from_address, to_address,
           tx_id, reason, created_at, updated_at)
         overriding system value
         select j, user_id, type, case when type in ('withdraw','swap') then 'out' else 'in' end, status, currency, 'TRC20',
           amount, case when type = 'withdraw' then 1 else 0 end,
           case when type = 'deposit' then 'T' || translate(left(md5('f' || j) || md5('g' || j), 33), '0lIO', 'zLiP') end,
           case when type = 'withdraw' then 'T' || translate(left(md5('t' || j) || md5('u' || j), 33), '0lIO', 'zLiP') end,
           case when type in ('deposit','withdraw') then md5('x' || j) || md5('y' || j) end,
           case when status = 'failed' then 'Rejected by the network' end,
           at, at
         from src
         returning id
       )
       insert into journal (ref, account, currency, amount, created_at)
       select 'bench:' || s.j, 'user:' || s.user_id || ':available', s.currency,
         case when s.type in ('withdraw','swap') then -(s.amount + case when s.type = 'withdraw' then 1 else 0 end) / 10
           else s.amount end,
         s.at
       from src s
       where s.status = 'success'`,
      [lo, hi, size.records],
    );
  });
  await db.query(`select setval('records_id_seq', (select max(id) from records))`);
}

async function growMessages(db: SqlClient, size: Size, slice: number) {
  const have = await count(db, 'messages');
  if (have >= size.messages) return;
  const others = Math.max(1, size.users - 1);
  const every = Math.max(1, Math.floor(size.messages / size.heavyUnread));
  await inSlices([have + 1, size.messages], slice, 'messages', (lo, hi) =>
    db.query(
      `insert into messages (id, user_id, title, summary, content, read, created_at)
       overriding system value
       select i, case when i % ${every} = 0 then ${HEAVY_USER} else 2 + (hashint4(i) & 2147483647) % ${others} end,
         'Notice ' || i, 'A notice for the scale bench', 'The body of notice ' || i || '.',
         i % ${every} <> 0 and i % 3 = 0, now() - interval '1 minute' * ($2::int - i)
       from generate_series($1::int, $2::int) i`,
      [lo, hi],
    ),
  );
  await db.query(`select setval('messages_id_seq', (select max(id) from messages))`);
}

/**
 * Successful withdrawals get their settled chain transaction, deposits the chain transfer they
 * were credited from, and as many sweeps are done.
 */
async function growSettledMoves(db: SqlClient, size: Size) {
  const have = await count(db, 'chain_withdrawals');
  if (have >= size.settledMoves) return;
  await db.query(
    `insert into chain_deposits (tx_id, event_index, record_id, created_at)
     select r.tx_id, 0, r.id, r.created_at
     from records r
     where r.type = 'deposit' and r.status = 'success' and r.tx_id is not null
       and not exists (select 1 from chain_deposits c where c.record_id = r.id)
     order by r.id
     limit $1
     on conflict do nothing`,
    [size.settledMoves - have],
  );
  await db.query(
    `insert into chain_withdrawals (record_id, tx_id, signed, expires_at, state, broadcast_at, block_number, fee_sun, created_at, updated_at)
     select r.id, r.tx_id, 'bench', r.created_at + interval '1 minute', 'done', r.created_at, 1000 + r.id, 345000, r.created_at, r.created_at
     from records r
     where r.type = 'withdraw' and r.status = 'success' and r.tx_id is not null
       and not exists (select 1 from chain_withdrawals c where c.record_id = r.id)
     order by r.id
     limit $1`,
    [size.settledMoves - have],
  );
  await db.query(
    `insert into chain_sweeps (kind, address, currency, amount, tx_id, signed, expires_at, state, broadcast_at, block_number, fee_sun)
     select 'sweep', w.address, 'USDT', 100, md5('sweep' || i) || md5('s' || i), 'bench', now() - interval '1 day', 'done',
       now() - interval '1 day', 1000 + i, 345000
     from generate_series($1::int, $2::int) i
     join wallets w on w.user_id = 1 + i % $3 and w.is_primary`,
    [have + 1, size.settledMoves, size.users],
  );
}

/**
 * What the reconciliations of that history read from the chain: every deposit address, holding
 * nothing once its deposits were swept. A run must not read them all back (migration 045).
 */
async function growChainHoldings(db: SqlClient) {
  await db.query(
    `insert into chain_holdings (address, currency, units, read_at)
     select address, 'USDT', 0, now() - interval '1 day' from deposit_addresses
     on conflict (address, currency) do nothing`,
  );
}

async function growPrices(db: SqlClient) {
  await db.query(
    `insert into price_history (currency, day, price_usd)
     select c.symbol, d::date, (c.price_usd * (1 + 0.2 * sin(extract(doy from d) / 20.0)))::numeric(38,18)
     from currencies c, generate_series(current_date - ${PRICE_DAYS}, current_date - 1, interval '1 day') d
     on conflict (currency, day) do nothing`,
  );
}

/**
 * Every user gets an opening deposit of each currency, large enough that no balance goes below zero
 * (so every user holds the reward token: a million holders at full size); then the balances are set
 * to the journal's sums and `system:bench` takes the other side of every day.
 */
async function rebuildBalances(db: SqlClient) {
  await db.query(
    `insert into journal (ref, account, currency, amount, created_at)
     select 'bench:opening:' || u.id || ':' || c.currency, 'user:' || u.id || ':available', c.currency, c.amount, u.created_at
     from users u
     cross join (values ('USDT', 100000::numeric), ('TRX', 100000::numeric), ('TSR', 5000::numeric)) as c(currency, amount)
     where not exists (select 1 from journal j where j.ref = 'bench:opening:' || u.id || ':' || c.currency)`,
  );
  await db.query(`delete from journal where account = '${BENCH_COUNTERPART}'`);
  await db.query(
    `insert into journal (ref, account, currency, amount, created_at)
     select 'bench:day:' || currency || ':' || day, '${BENCH_COUNTERPART}', currency, -sum(amount), min(created_at)
     from (select currency, (created_at at time zone 'UTC')::date as day, amount, created_at
           from journal where account like 'user:%' and ref like 'bench:%') j
     group by currency, day`,
  );
  // Every entry counts, not only the bench's: the jobs measured at the smaller size paid some users.
  await db.query(
    `insert into balances (user_id, currency, available, frozen)
     select split_part(account, ':', 2)::int, currency, sum(amount), 0
     from journal where account like 'user:%:available'
     group by 1, 2
     on conflict (user_id, currency) do update set available = excluded.available`,
  );
}

/** What the triggers of migrations 032, 045 and 046 keep, rebuilt as the migrations build it (the triggers were off). */
async function rebuildCounters(db: SqlClient) {
  await db.query('truncate unread_messages, journal_days, chain_holding_totals, running_totals, running_deltas');
  await db.query(
    `insert into running_totals (name, currency, amount)
     select account, currency, sum(amount) from journal where account like 'system:%' group by 1, 2
     union all
     select 'holders', currency, sum(available) from balances group by currency`,
  );
  await db.query(
    `insert into chain_holding_totals (currency, units)
     select currency, sum(units) from chain_holdings group by currency`,
  );
  await db.query(
    `insert into unread_messages (user_id, n)
     select user_id, count(*) from messages where not read and not deleted group by user_id`,
  );
  await db.query(
    `insert into journal_days (account, currency, day, delta)
     select account, currency, (created_at at time zone 'UTC')::date, sum(amount)
     from journal where account like 'user:%' group by 1, 2, 3`,
  );
}

async function rebuildSnapshots(db: SqlClient, users: number) {
  const step = 20_000;
  for (let lo = 1; lo <= users; lo += step)
    await db.query('select refresh_wallet_snapshots(array(select generate_series($1::int, $2::int)))', [
      lo,
      Math.min(users, lo + step - 1),
    ]);
}

/** The ledger's invariants: the journal sums to zero per currency, and every balance is its journal sum. */
export async function checkLedger(db: SqlClient): Promise<{ unbalanced: number; balancesOff: number }> {
  const unbalanced = await db.query<{ n: string }>(
    `select count(*)::text as n from (select currency from journal group by currency having sum(amount) <> 0) x`,
  );
  const off = await db.query<{ n: string }>(
    `select count(*)::text as n from balances b
     left join (select account, currency, sum(amount) as total from journal where account like 'user:%' group by 1, 2) j
       on j.account = 'user:' || b.user_id || ':available' and j.currency = b.currency
     where b.available <> coalesce(j.total, 0)`,
  );
  return { unbalanced: Number(unbalanced.rows[0]?.n ?? 0), balancesOff: Number(off.rows[0]?.n ?? 0) };
}

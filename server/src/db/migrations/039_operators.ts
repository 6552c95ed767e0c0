import { type Kysely, sql } from 'kysely';

/**
 * The back office (issue 40): operators are not users. Each has one role, a password and an
 * authenticator (both required to sign in), and short sessions. Every console action and sign-in
 * is written to `audit_log`: rows are only ever added (a trigger refuses UPDATE and DELETE), and
 * each row's hash covers the previous row's, so a row changed or removed by any other means (a
 * TRUNCATE, a superuser) breaks the chain that `verifyAudit` walks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operators (
      id bigint generated always as identity primary key,
      email text not null unique check (email = lower(email)),
      role text not null check (role in ('reviewer', 'support', 'finance', 'admin')),
      password_hash text not null,
      totp_secret text not null,
      totp_last_step bigint,
      created_at timestamptz not null default now(),
      disabled_at timestamptz
    )`.execute(db);
  await sql`
    create table operator_sessions (
      id bigint generated always as identity primary key,
      operator_id bigint not null references operators (id),
      token_hash text not null unique,
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`create index operator_sessions_open on operator_sessions (operator_id) where ended_at is null`.execute(db);
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      operator_id bigint references operators (id),
      action text not null,
      target text,
      ip text,
      before jsonb,
      after jsonb,
      hash text not null
    )`.execute(db);
  await sql`create index audit_log_operator on audit_log (operator_id, id)`.execute(db);
  await sql`create index audit_log_action on audit_log (action, id)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      -- Test databases are emptied between tests; nothing else sets this.
      if tg_op = 'DELETE' and current_setting('tessera.emptying_for_tests', true) = 'on' then
        return old;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op;
    end $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

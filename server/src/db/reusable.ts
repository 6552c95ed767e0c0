/**
 * Statements Kysely builds and compiles once, then runs with new values. For the reads every open app
 * makes (wallet, member info, unread count), building and compiling the query tree cost about as much
 * main-thread time as the rest of the request's own work; the SQL text never changes, only the values.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Q } from './schema';

const ARG = Symbol('reusable statement argument');
type StandIn = { readonly [ARG]: number };
const isStandIn = (v: unknown): v is StandIn => typeof v === 'object' && v !== null && ARG in v;

/** A parameter of the compiled statement: the n-th argument, or a constant the builder put there. */
type Slot = { arg: number } | { value: unknown };

/**
 * `build` is called once, with stand-ins for its arguments: it may only place them in the query as
 * values (never compute with them, or branch on them). Every later call binds the real arguments to
 * the same SQL text, which the drivers keep prepared (`pglite-statements.ts`, `pg-statements.ts`).
 * One text serves both databases: PGlite and PostgreSQL share Kysely's PostgreSQL compiler.
 */
export function reusable<A extends unknown[], R>(build: (db: Q, ...args: A) => Compilable<R>) {
  let compiled: { sql: string; slots: Slot[] } | undefined;
  return async (db: Q, ...args: A): Promise<R[]> => {
    if (!compiled) {
      const standIns = args.map((_, i): StandIn => ({ [ARG]: i }));
      const q = build(db, ...(standIns as unknown as A)).compile();
      const slots = q.parameters.map((p): Slot => (isStandIn(p) ? { arg: p[ARG] } : { value: p }));
      const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
      if (used.size !== args.length) throw new Error(`reusable statement places ${used.size} of its ${args.length} arguments`);
      compiled = { sql: q.sql, slots };
    }
    const parameters = compiled.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}

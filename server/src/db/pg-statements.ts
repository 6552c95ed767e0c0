/**
 * PostgreSQL with named prepared statements: node-postgres prepares a statement once per
 * connection when a query carries a name, and PostgreSQL then reuses its plan (the launch-time
 * reads spend more time planned than run). The name is a digest of the SQL text, so one text is
 * one statement; raw SQL without parameters (migrations, several statements) is sent as it is.
 * When a table's shape changes under a prepared statement (a deploy migrating while this instance
 * runs), PostgreSQL refuses it once ("cached plan must not change result type"): every name then
 * moves to a new generation and the statement is sent again.
 */
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const isStalePlan = (e: unknown) => (e as { code?: string }).code === '0A000' && /cached plan/.test((e as Error).message ?? '');

export function preparingPool(pool: pg.Pool): PostgresPool {
  let generation = 0;
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `t${generation}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const send = (text: string, values: unknown[]) => client.query({ name: nameOf(text), text, values });
      return {
        query: (async (text: string, values: ReadonlyArray<unknown>) => {
          if (values.length === 0) return client.query(text);
          try {
            return await send(text, [...values]);
          } catch (e) {
            if (!isStalePlan(e)) throw e;
            generation++;
            names.clear();
            return send(text, [...values]);
          }
        }) as unknown as PostgresPoolClient['query'], // Kysely's overloads (statement or cursor): only statements are sent
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

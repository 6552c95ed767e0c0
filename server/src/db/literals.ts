/**
 * Values written into a statement's text instead of bound as parameters. The server's statements
 * are prepared, and after a few runs PostgreSQL may keep one generic plan for them: a partial index
 * (`… where state <> 'done'`) serves that plan only when the value it is compared with is in the
 * text, and otherwise every run reads the whole table (bench:scale's plan check finds it).
 */
import { sql } from 'kysely';

/** A chain move that is over: the open ones are found by `state <> DONE` (partial indexes on it). */
export const DONE = sql.lit<'done'>('done');

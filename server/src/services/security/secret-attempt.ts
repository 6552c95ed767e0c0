/**
 * One attempt at a user's own secret whose bookkeeping rides in the caller's own statements. A money
 * move takes its trade-password attempt in the statement that reads the session and what the move
 * checks (`takeIn`), and settles a right answer in the statement that moves the money
 * (`settleRightIn`): two statements where a session lookup and `guard` need five, and on the
 * embedded database each statement is a round trip to its only thread.
 *
 * The rules are guard's (lockout.ts): the attempt is taken before the secret is checked (when the
 * read could not take it — the budget held by checks in flight, or the key locked — `check` hands the
 * whole check to guard), a wrong answer counts at once, a right one forgives. Whatever
 * ends the request first — a check that fails before the secret, an error, a move that rolled back —
 * `finish` settles what is still open, so every attempt taken ends exactly once.
 */
import { type RawBuilder, sql } from 'kysely';
import { must } from '../../../../src/lib/must';
import type { Q } from '../../db/schema';
import type { WithMe } from '../identity/me';
import {
  guard,
  type Limit,
  refuseWrong,
  settle,
  settleStatement,
  takeWhenFree,
  USER_SECRET_MAX,
  type UserSecret,
  userSecretKeySql,
  userSecretLimits,
  type WrongAnswer,
} from './lockout';

type State = 'untaken' | 'held' | 'right' | 'settled';

export class SecretAttempt {
  private state: State = 'untaken';
  private limit: Limit | null = null;

  constructor(private readonly secret: UserSecret) {}

  /**
   * The upsert that takes the attempt of `me` (none when the session is not live), for a WITH of
   * the read; it returns a row when it took it. Pass the user and what the read saw to `tookInRead`.
   */
  takeIn(db: WithMe) {
    return db
      .insertInto('lockouts')
      .columns(['key', 'failures', 'pending', 'locked_until'])
      .expression((eb) =>
        eb
          .selectFrom('me')
          .select([
            userSecretKeySql(this.secret, sql.ref('me.user_id')).as('key'),
            sql.lit(0).as('failures'),
            sql.lit(1).as('pending'),
            sql.lit(null).as('locked_until'),
          ]),
      )
      .onConflict(takeWhenFree(USER_SECRET_MAX))
      .returning('key');
  }

  tookInRead(userId: number, taken: boolean): void {
    this.limit = must(userSecretLimits(this.secret, userId)[0], 'the user-secret budget');
    if (taken) this.state = 'held';
  }

  /** Checks a guess; a right answer stays open until `settleRightIn`'s statement commits, or `finish`. */
  async check(db: Q, check: () => Promise<boolean>, wrong: WrongAnswer): Promise<void> {
    const limit = this.known();
    if (this.state === 'untaken') {
      // The read could not take it (checks in flight hold the budget, or the key is locked): guard
      // takes it its own way, waiting or refusing, and settles it itself.
      this.state = 'settled';
      return guard(db, [limit], check, wrong);
    }
    if (this.state !== 'held') throw new Error('an attempt is checked once');
    if (await check()) {
      this.state = 'right';
      return;
    }
    this.state = 'settled';
    await refuseWrong(db, [limit], wrong);
  }

  /** The update that settles a right answer, as a CTE (`, name as (…)`) for the move's statement; empty when none is open. */
  settleRightIn(db: Q): RawBuilder<unknown> {
    if (this.state !== 'right') return sql``;
    return sql`, settled_attempt as (${settleStatement(db, this.known(), 'right')})`;
  }

  /** The move's statement, with `settleRightIn` in it, has committed. */
  committed(): void {
    if (this.state === 'right') this.state = 'settled';
  }

  /** Settles what is still open: an attempt held is released, a right answer forgives. */
  async finish(db: Q): Promise<void> {
    const open = this.state;
    this.state = 'settled';
    if (open === 'held') await settle(db, [this.known()], 'release');
    else if (open === 'right') await settle(db, [this.known()], 'right');
  }

  private known(): Limit {
    if (!this.limit) throw new Error('the read has not said whose attempt this is');
    return this.limit;
  }
}

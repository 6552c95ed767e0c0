import type { Config } from './config';
import type { Db } from './db/schema';
import type { Mailer } from './services/platform/mailer';

/** What every route needs: the database, settings and the mailer. */
export interface Ctx {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Token for the loopback-only /ops routes (null: /ops disabled). */
  opsToken: string | null;
}

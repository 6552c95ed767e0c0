import type { ChainGateway } from './chain/gateway';
import type { Config } from './config';
import type { Db } from './db/schema';
import type { Mailer } from './services/platform/mailer';

/** What every route needs: the database, settings and the mailer (and the chain, where there is one). */
export interface Ctx {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Token for the loopback-only /ops routes (null: /ops disabled). */
  opsToken: string | null;
  /** The chain, where the server has one: what a withdrawal's fee costs comes from it. */
  gateway?: ChainGateway | undefined;
}

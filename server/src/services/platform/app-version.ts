/**
 * The app version the server announces (`/config/app` appVersion): a newer one than an installed
 * app's tells it to update. Set from the console (admin) or the CLI (`set-version`), audited.
 */
import { BRAND } from '../../../../src/config/brand';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { auditedAction, type Decider, FROM_THE_CLI } from '../operators/audit';
import { getSetting, setSetting } from './content';

export async function appVersion(db: Q): Promise<{ appVersion: string; overridden: boolean; built: string }> {
  const set = await getSetting(db, 'appVersion');
  return { appVersion: set ?? BRAND.version, overridden: set !== null, built: BRAND.version };
}

export async function setAppVersion(db: Q, version: string, by: Decider = FROM_THE_CLI) {
  if (!/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(version)) fail(ErrorCode.BAD_REQUEST, 'version must look like 1.2.3');
  const before = await appVersion(db);
  return auditedAction(
    db,
    by,
    { action: 'app-version.set', target: 'setting:appVersion', before: { appVersion: before.appVersion } },
    async (trx) => {
      await setSetting(trx, 'appVersion', version);
      return { appVersion: version };
    },
  );
}

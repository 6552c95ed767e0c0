/** The API contract shared by client and server: every call's method, path and schemas. */
import { activityApi } from './activity';
import { authApi } from './auth';
import { authenticatorApi } from './authenticator';
import { contactsApi } from './contacts';
import { exchangeApi } from './exchange';
import { memberApi } from './member';
import { miscApi } from './misc';
import { moneyApi } from './money';
import { notifyApi } from './notify';
import { passkeysApi } from './passkeys';
import { prizePoolApi } from './prize-pool';
import { sessionsApi } from './sessions';

export const api = {
  auth: authApi,
  member: memberApi,
  contacts: contactsApi,
  misc: miscApi,
  notify: notifyApi,
  money: moneyApi,
  activity: activityApi,
  prizePool: prizePoolApi,
  exchange: exchangeApi,
  authenticator: authenticatorApi,
  passkeys: passkeysApi,
  sessions: sessionsApi,
} as const;

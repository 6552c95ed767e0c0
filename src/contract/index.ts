/** The API contract shared by client and server: every call's method, path and schemas. */
import { activityApi, prizePoolApi } from './activity';
import { authApi } from './auth';
import { contactsApi } from './contacts';
import { exchangeApi, googleApi } from './exchange';
import { memberApi } from './member';
import { miscApi } from './misc';
import { moneyApi } from './money';
import { notifyApi } from './notify';
import { passkeyApi } from './passkeys';
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
  google: googleApi,
  passkey: passkeyApi,
  sessions: sessionsApi,
} as const;

/** What the operator reads when a request is refused, by the envelope's code, in their language. */
import { useLingui } from '@lingui/react/macro';
import { ConsoleApiError } from '../api/client';

export function useErrorText() {
  const { t } = useLingui();
  return (error: unknown): string => {
    const code = error instanceof ConsoleApiError ? error.code : 0;
    switch (code) {
      case 400:
        return t`Check what you entered: the request is not valid.`;
      case 401:
        return t`Your session ended. Sign in again.`;
      case 403:
        return t`Your role may not do this.`;
      case 404:
        return t`This was decided already, or it no longer exists. The list is refreshed.`;
      case 409:
        return t`You approved this already. Another finance operator must approve it.`;
      case 1001:
        return t`The e-mail, password or authenticator code is wrong.`;
      case 429:
        return t`Too many attempts. Wait a minute and try again.`;
      default:
        return t`Something went wrong. Try again.`;
    }
  };
}

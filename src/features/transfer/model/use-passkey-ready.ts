/**
 * Whether Transfer may offer a passkey instead of the authenticator code: the authenticator is
 * bound (otherwise no code is asked, and nothing needs replacing), this browser can use passkeys,
 * and the user has one. The list is the same query Security shows.
 */
import { useQuery } from '@tanstack/react-query';
import { passkeyListQueryOptions } from '../../../api/passkeys';
import { passkeysSupported } from '../../../lib/passkeys/webauthn';

export function usePasskeyReady(authenticatorBound: boolean): boolean {
  const usable = authenticatorBound && passkeysSupported();
  const list = useQuery({ ...passkeyListQueryOptions(), enabled: usable, staleTime: 60_000 });
  return usable && (list.data?.length ?? 0) > 0;
}

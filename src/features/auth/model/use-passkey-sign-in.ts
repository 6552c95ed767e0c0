/**
 * Signing in with a passkey from the login screen, two ways: the button (the phone's passkey
 * sheet), and the account field's autofill, where the browser lists the passkeys it holds for this
 * site beside saved passwords (conditional mediation). The autofill request waits in the
 * background, renewed before its challenge expires; the button takes over from it, and it
 * resumes when the button's ceremony ends without signing in.
 */
import { useEffect, useRef, useState } from 'react';
import { session } from './lazy-api';

const passkeysApi = () => import('../../../api/passkeys');
/** The ceremony code loads after the first paint, as the API code does: the login page paints without it. */
const webauthn = () => import('../../../lib/passkeys/webauthn');
/** The server's challenges live two minutes: the waiting autofill request takes a fresh one before. */
const AUTOFILL_RENEW_MS = 100_000;

async function complete(challengeId: string, response: Record<string, unknown>) {
  const [{ signInWithPasskey }, { signIn }] = await Promise.all([passkeysApi(), session()]);
  await signIn(await signInWithPasskey({ challengeId, response }));
}

export function usePasskeySignIn(onSignedIn: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const buttonActive = useRef(false);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    // `round` restarts the autofill request after the button's ceremony.
    void round;
    let stopped = false;
    let pickedOne = false;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const wait = async (): Promise<void> => {
      const { autofillAvailable, cancelPasskeyCeremony, PasskeyProblem, signWithPasskey } = await webauthn();
      if (stopped || buttonActive.current || !(await autofillAvailable())) return;
      const { passkeySignInOptions } = await passkeysApi();
      const { challengeId, options } = await passkeySignInOptions();
      if (stopped || buttonActive.current) return;
      renew = setTimeout(() => void cancelPasskeyCeremony(), AUTOFILL_RENEW_MS);
      let response: Record<string, unknown>;
      try {
        response = await signWithPasskey(options, true);
      } catch (problem) {
        clearTimeout(renew);
        // Ended by the renewal (or by the page): ask again; ended by the button: it takes over.
        if (problem instanceof PasskeyProblem && problem.kind === 'cancelled') return wait();
        // Nobody asked for this one: a passkey that cannot work here is simply not offered.
        return;
      }
      clearTimeout(renew);
      pickedOne = true;
      setPending(true);
      setError(null);
      try {
        await complete(challengeId, response);
        signedIn.current();
      } finally {
        setPending(false);
      }
    };
    // After the first paint, when the browser is idle: the login form never waits for this.
    const begin = () => {
      wait().catch((problem: unknown) => {
        // Options the server could not give (offline, passkeys off) are no one's concern until the
        // person picks a passkey; a refusal after that is theirs to read.
        if (!stopped && pickedOne) setError(problem);
      });
    };
    const idle = 'requestIdleCallback' in window;
    const start = idle ? requestIdleCallback(begin, { timeout: 2000 }) : window.setTimeout(begin, 500);
    return () => {
      stopped = true;
      if (idle) cancelIdleCallback(start);
      else clearTimeout(start);
      clearTimeout(renew);
      if (!buttonActive.current)
        void webauthn()
          .then((m) => m.cancelPasskeyCeremony())
          .catch(() => undefined);
    };
  }, [round]);

  const start = async () => {
    buttonActive.current = true;
    setError(null);
    setPending(true);
    try {
      const { PasskeyProblem, passkeysSupported, signWithPasskey } = await webauthn();
      if (!passkeysSupported()) throw new PasskeyProblem('unsupported');
      const { passkeySignInOptions } = await passkeysApi();
      const { challengeId, options } = await passkeySignInOptions();
      // Starting a ceremony ends the waiting autofill one.
      const response = await signWithPasskey(options);
      await complete(challengeId, response);
      signedIn.current();
    } catch (problem) {
      setError(problem);
    } finally {
      buttonActive.current = false;
      setPending(false);
      setRound((r) => r + 1);
    }
  };

  return { start, pending, error };
}

/**
 * The browser half of a passkey ceremony, through @simplewebauthn/browser, loaded only when a
 * ceremony starts (it stays out of the entry and login chunks). The browser's errors become a few
 * kinds a screen can say in words: a person who closed the sheet is not shown an error at all.
 */
import { deviceName } from '../device/device-name';
import { PasskeyProblem } from './passkey-problem';

export { PasskeyProblem };

const load = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (the button can say so before anything loads). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && window.isSecureContext;

function problemOf(error: unknown): PasskeyProblem {
  if (error instanceof PasskeyProblem) return error;
  const { code, name, cause } = (error ?? {}) as { code?: string; name?: string; cause?: { name?: string } };
  const base = cause?.name ?? name;
  if (code === 'ERROR_CEREMONY_ABORTED' || base === 'NotAllowedError' || base === 'AbortError')
    return new PasskeyProblem('cancelled', error);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || base === 'InvalidStateError')
    return new PasskeyProblem('already-added', error);
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || base === 'SecurityError')
    return new PasskeyProblem('wrong-site', error);
  if (base === 'NotSupportedError' || code?.startsWith('ERROR_AUTHENTICATOR_MISSING'))
    return new PasskeyProblem('unsupported', error);
  return new PasskeyProblem('failed', error);
}

/** Asks the phone to make a passkey from the server's creation options; resolves with its answer as JSON. */
export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!passkeysSupported()) throw new PasskeyProblem('unsupported');
  const { startRegistration } = await load();
  try {
    const response = await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return response as unknown as Record<string, unknown>;
  } catch (error) {
    throw problemOf(error);
  }
}

/**
 * Asks for an assertion to the server's request options. `autofill`: offered in the account field's
 * suggestions (conditional mediation) instead of a sheet; resolves only once the person picks one.
 */
export async function signWithPasskey(options: Record<string, unknown>, autofill = false): Promise<Record<string, unknown>> {
  if (!passkeysSupported()) throw new PasskeyProblem('unsupported');
  const { startAuthentication } = await load();
  try {
    const response = await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      useBrowserAutofill: autofill,
    });
    return response as unknown as Record<string, unknown>;
  } catch (error) {
    throw problemOf(error);
  }
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function autofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}

/** Ends a ceremony in progress (the autofill one, when the person presses the button instead). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await load();
  WebAuthnAbortService.cancelCeremony();
}

/** A first name for a new passkey; the person can change it before saving. */
export const suggestedPasskeyName = (userAgent = navigator.userAgent): string => deviceName(userAgent) ?? 'Passkey';

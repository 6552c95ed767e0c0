/** Why a passkey ceremony did not end in an answer, in kinds a screen can say in words (webauthn.ts). */
export type PasskeyProblemKind =
  /** Closed, timed out, or another ceremony took over: say nothing. */
  | 'cancelled'
  /** The authenticator already holds a passkey of this account. */
  | 'already-added'
  /** This address is not the one passkeys are registered for (or not a secure context). */
  | 'wrong-site'
  /** The browser or phone cannot make or use passkeys. */
  | 'unsupported'
  | 'failed';

export class PasskeyProblem extends Error {
  constructor(
    readonly kind: PasskeyProblemKind,
    cause?: unknown,
  ) {
    super(`passkey: ${kind}`, { cause });
  }
}

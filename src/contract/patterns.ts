/**
 * Patterns shared by the contract, the client's forms and the server, with no schema library, so
 * the login screen can use them without loading zod.
 *
 * E-mail identities are plain ASCII (RFC 5321 atext local part, LDH domain): invisible, bidi and
 * confusable characters or markup would let two look-alike accounts exist or inject into messages.
 */
export const SAFE_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

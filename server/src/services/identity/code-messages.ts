/**
 * What a code request sends to the address it names. The API answers every request the same way,
 * known account or not (docs/security.md, account enumeration); the message is where the owner of
 * the address learns what happened.
 */
import { BRAND } from '../../../../src/config/brand';

export interface CodeMessage {
  subject: string;
  body: string;
  /** The code the message carries, when it carries one. */
  code: string | null;
}

const product = BRAND.productName;

export function codeMessage(scene: 'register' | 'reset', accountExists: boolean, code: string): CodeMessage {
  if (scene === 'register' && accountExists) {
    return {
      subject: `Your ${product} account already exists`,
      body: `Someone asked to register a new ${product} account with this address, which already has one. If it was you, sign in, or reset your password if you forgot it. If it was not you, ignore this message: nothing changed.`,
      code: null,
    };
  }
  if (scene === 'reset' && !accountExists) {
    return {
      subject: `${product} password reset`,
      body: `Someone asked to reset the password of a ${product} account with this address, but no account uses it. If you meant to sign up, register instead. If it was not you, ignore this message.`,
      code: null,
    };
  }
  return {
    subject: scene === 'register' ? `Your ${product} registration code` : `Your ${product} password reset code`,
    body: `Your ${product} verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    code,
  };
}

/**
 * A code for a recovery asked from inside the account. Whoever asked holds a session: if it was not
 * the owner, the owner must learn it from this message and act.
 */
export function ownCodeMessage(scene: 'trade-reset' | 'authenticator-reset', code: string): CodeMessage {
  const what = scene === 'trade-reset' ? 'reset your trade password' : 'remove your authenticator';
  return {
    subject: `Your ${product} security code`,
    body: `Your ${product} verification code is ${code}. It lets you ${what} and expires in 10 minutes. Withdrawals pause for 24 hours after the change. If you did not ask for it, someone is signed in to your account with your password: change your login password now and contact support.`,
    code,
  };
}

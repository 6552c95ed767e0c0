/**
 * What a push notification says, per kind of event (migration 013's triggers name the kinds).
 * Extracted into each locale's `server.po` catalog and translated like the app's own strings.
 */

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface PushText {
  title: MessageDescriptor;
  body: MessageDescriptor;
}

export const PUSH_TEXTS = {
  deposit: {
    title: msg`Deposit received`,
    body: msg`{amount} {currency} has been credited to your wallet.`,
  },
  withdraw_success: {
    title: msg`Withdrawal sent`,
    body: msg`{amount} {currency} was sent to {address}.`,
  },
  withdraw_failed: {
    title: msg`Withdrawal failed`,
    body: msg`Your withdrawal of {amount} {currency} failed. The amount and the fee are back in your balance.`,
  },
  login_password: {
    title: msg`Login password changed`,
    body: msg`Your login password was just changed. If this was not you, contact support at once.`,
  },
  trade_password: {
    title: msg`Trade password changed`,
    body: msg`Your trade password was just changed. If this was not you, contact support at once.`,
  },
  authenticator: {
    title: msg`Authenticator changed`,
    body: msg`The authenticator on your account was just changed. If this was not you, contact support at once.`,
  },
  allowlist_on: {
    title: msg`Withdrawal allowlist on`,
    body: msg`Withdrawals can now go only to addresses in your address book.`,
  },
  allowlist_off: {
    title: msg`Withdrawal allowlist turning off`,
    body: msg`In 24 hours withdrawals can go to any address again. If this was not you, turn the allowlist back on and contact support.`,
  },
} satisfies Record<string, PushText>;

export type PushKind = keyof typeof PUSH_TEXTS;
export const isPushKind = (kind: string): kind is PushKind => Object.hasOwn(PUSH_TEXTS, kind);

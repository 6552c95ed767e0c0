/**
 * Texts the server writes itself into content users read: the message that answers an activity
 * review, and the demo account's activities and messages (so a demo in Japanese reads Japanese).
 * Extracted into each locale's `server.po` catalog; stored per locale with the row (migration 016).
 */

import { msg } from '@lingui/core/macro';

export const REVIEW_TEXTS = {
  approved: {
    title: msg`Activity approved`,
    content: msg`Your entry for “{activity}” was approved: claim your {reward} reward on the activity's page.`,
  },
  rejected: {
    title: msg`Activity not approved`,
    content: msg`Your entry for “{activity}” was not approved. You can correct it and submit it again.`,
    /** The operator's reason is their own words (one language): quoted as given. */
    contentWithReason: msg`Your entry for “{activity}” was not approved: {reason}. You can correct it and submit it again.`,
  },
};

export const WITHDRAWAL_DECLINED_TEXTS = {
  title: msg`Withdrawal declined`,
  content: msg`Your withdrawal of {amount} was declined: {reason}. The amount and the fee are back in your available balance.`,
};

export const DEMO_ACTIVITY_TEXTS = {
  bitora: {
    title: msg`Trading Week with Bitora`,
    summary: msg`Trade {amount} USDT on Bitora this week and earn {reward} TSR.`,
  },
  nimbus: {
    title: msg`Nimbus Exchange Newcomer Quest`,
    summary: msg`Open a Nimbus account, verify it and earn {reward} TSR.`,
  },
  lumen: {
    title: msg`Holder Snapshot`,
    summary: msg`Hold TSR on Lumen during the snapshot and earn {reward} TSR.`,
  },
  /** The body every demo activity shares, after its summary. */
  how: msg`Sign up at {partner}, complete the task before the end date, then submit your {partner} user ID and a screenshot that shows it. Our team reviews every submission within two working days; once approved, claim the reward here and it is credited to your Tessera wallet.`,
  rules: [
    msg`One participation per Tessera account and per {partner} account.`,
    msg`The screenshot must show your partner user ID clearly; edited images are rejected.`,
    msg`Rewards are paid from a limited prize pool while it lasts.`,
    msg`A rejected submission may be corrected and resubmitted while the activity is open.`,
  ],
};

export const DEMO_MESSAGE_TEXTS = {
  welcome: {
    title: msg`Welcome to Tessera`,
    content: msg`Your wallet is ready. Deposit USDT, TRX or TSR to your personal addresses, and bind an authenticator in Security for safer withdrawals.`,
  },
  security: {
    title: msg`Security reminder`,
    content: msg`Tessera staff will never ask for your passwords or authenticator codes. Always compare the full destination address before sending: lookalike addresses are a common scam.`,
  },
  maintenance: {
    title: msg`Scheduled maintenance`,
    content: msg`Withdrawals may be delayed for up to {minutes} minutes on Sunday night (UTC) while we upgrade our TRON nodes.`,
  },
};

/** The notice a security recovery leaves in the account (services/security/recovery.ts). */
export const SECURITY_NOTICE_TEXTS = {
  tradePasswordReset: {
    title: msg`Trade password reset`,
    content: msg`Your trade password was reset. To protect your funds, withdrawals are paused for {hours, plural, one {# hour} other {# hours}}. If you did not do this, change your login password now and contact support.`,
  },
  authenticatorRemoved: {
    title: msg`Authenticator removed`,
    content: msg`The authenticator app was removed from your account. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. Bind one again to keep a second check on withdrawals. If you did not do this, change your login password now and contact support.`,
  },
  authenticatorRecovered: {
    title: msg`Authenticator removed`,
    content: msg`The authenticator app was removed from your account with a code sent to you. To protect your funds, withdrawals are paused for {hours, plural, one {# hour} other {# hours}}. If you did not do this, change your login password now and contact support.`,
  },
  loginPasswordChanged: {
    title: msg`Login password changed`,
    content: msg`Your login password was changed and your other devices were signed out. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. If you did not do this, reset your password now and contact support.`,
  },
  tradePasswordChanged: {
    title: msg`Trade password changed`,
    content: msg`Your trade password was changed. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. If you did not do this, change your login password now and contact support.`,
  },
  failedSignIns: {
    title: msg`Failed sign-in attempts`,
    content: msg`Someone tried to sign in to your account with a wrong password several times, so password sign-in from there is paused for a while. Your passkeys and the devices you signed in on before keep working. If you think someone knows your password, change it.`,
  },
  passkeyAdded: {
    title: msg`Passkey added`,
    content: msg`A passkey was added to your account: it can sign in without your password. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. If you did not do this, remove it in Security, change your login password and contact support.`,
  },
  passkeyRemoved: {
    title: msg`Passkey removed`,
    content: msg`A passkey was removed from your account. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. If you did not do this, change your login password now and contact support.`,
  },
  authenticatorMoved: {
    title: msg`Authenticator moved`,
    content: msg`Your authenticator moved to a new app or phone; codes from the old one no longer work. To protect your funds, withdrawals are held for {hours, plural, one {# hour} other {# hours}}. If you did not do this, change your login password now and contact support.`,
  },
};

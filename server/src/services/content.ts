/** Articles, customer service contacts and the app configuration. */
import { BRAND } from '../../../src/config/brand';
import { SOURCE_LOCALE } from '../../../src/lib/i18n/locales';
import type { Q } from '../db/schema';
import { str } from './decimal';
import { ErrorCode, fail } from './errors';

const UPDATED = '2026-11-01T00:00:00.000Z';

const ARTICLES = {
  agreement: {
    title: 'Tessera User Agreement',
    content: [
      'Welcome to Tessera. This agreement governs your use of the Tessera wallet application and the custodial services behind it. By registering you confirm that you have read and accept it.',
      '1. The service. Tessera is a custodial wallet: the keys that control the on-chain addresses shown in the app are held by Tessera on your behalf, and your balances are records in our ledger that we settle on the TRON network when you withdraw. Deposits are credited after the network confirms them.',
      '2. Your account. You must give accurate contact details, keep your login password, trade password and authenticator private, and tell us at once if you suspect unauthorised access. We never ask for your passwords by message or phone. You are responsible for activity under your account until you report a compromise.',
      '3. Withdrawals. Every withdrawal needs your trade password and, once bound, an authenticator code. Blockchain transfers cannot be reversed: check the destination address character by character. Addresses that merely look like ones you used before are a common attack ("address poisoning"). Minimums, maximums and network fees are shown before you confirm.',
      "4. Activities and rewards. Campaign rewards, airdrops and reward-pool distributions are promotional, may change or end, and are credited only after review. Submitting another person's account or altered screenshots forfeits rewards.",
      '5. Prohibited use. You may not use Tessera for money laundering, sanctions evasion, fraud, or any unlawful purpose. We may freeze funds and close accounts where the law requires it.',
      '6. Risk. Digital assets are volatile and may lose their value. Tessera gives no investment advice. Service may be interrupted by maintenance, network congestion or events beyond our control.',
      '7. Changes. We may update this agreement; the app shows the date of the current version. Continued use after an update means you accept it.',
    ].join('\n\n'),
  },
  privacy: {
    title: 'Tessera Privacy Policy',
    content: [
      'This policy explains which personal data Tessera processes and why.',
      'What we collect: your phone number or e-mail address, hashed passwords (we cannot read them), your transaction history, deposit and withdrawal addresses, images you upload for activities, and technical data such as IP address and device identifier used for security and rate limiting.',
      'Why: to operate your account and wallet, to keep an exact ledger of your balances, to prevent fraud and abuse, to send verification codes and service messages, and to meet legal obligations such as record keeping.',
      'Sharing: we do not sell personal data. We share it only with service providers that deliver messages or host our systems, with activity partners when you submit a participation (only the partner user ID you enter), and with authorities where the law requires.',
      'Retention: ledger records are kept for as long as the law requires; uploaded images are deleted after the related activity review is closed.',
      'Your rights: you may ask for a copy of your data, its correction or deletion where the law allows. Contact support through the customer service page.',
    ].join('\n\n'),
  },
  about: {
    title: 'About Tessera',
    content: [
      'Tessera is a simple wallet for stablecoins and the Tessera token (TSR) on the TRON network.',
      'Receive USDT, TRX and TSR at your personal deposit addresses, send them to any TRON address, swap between tokens at a published rate, join partner activities for rewards, and share in the daily reward pool in proportion to the TSR you hold.',
      'Your money is protected: nobody, not even our staff, can read your password; every withdrawal needs your separate 6-digit trade password, and you can add an authenticator app for a second check. Every balance is kept to the last decimal and checked against its history.',
      'Tessera keeps your funds for you (a custodial wallet), so there is no recovery phrase to lose. Keep your passwords private, and check a destination address in full before you send: transfers on the blockchain cannot be reversed.',
    ].join('\n\n'),
  },
} as const;

export function article(type: keyof typeof ARTICLES) {
  const a = ARTICLES[type];
  if (!a) fail(ErrorCode.NOT_FOUND, 'No such article');
  // Written in English only so far: said so, so the app marks it as English in any language.
  return { type, title: a.title, content: a.content, lang: SOURCE_LOCALE, updatedAt: UPDATED };
}

export function customerServices() {
  return [
    { id: 'telegram', name: 'Tessera Support (Telegram)', kind: 'telegram' as const, link: 'https://t.me/tessera_support' },
    { id: 'email', name: 'support@tessera.example', kind: 'email' as const, link: 'mailto:support@tessera.example' },
    { id: 'web', name: 'Help centre', kind: 'web' as const, link: 'https://help.tessera.example' },
  ];
}

export const FIAT_RATES: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  CNY: '7.24',
  JPY: '151.8',
  KRW: '1372',
  TWD: '32.1',
  HKD: '7.82',
  INR: '83.4',
  IDR: '15650',
  VND: '25340',
  THB: '36.2',
  BRL: '5.05',
  RUB: '91.5',
  TRY: '32.3',
};

export async function appConfig(db: Q, explorerTxUrl: string | null = null) {
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', ['appVersion', 'testJsScript']).execute();
  const s = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    appVersion: s.appVersion ?? BRAND.version,
    versionCode: 301,
    testJsScript: s.testJsScript ?? null,
    fiatRates: FIAT_RATES,
    dustThresholdUsd: '1',
    explorerTxUrl,
  };
}

export async function setSetting(db: Q, key: string, value: string) {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function coins(db: Q) {
  const rows = await db.selectFrom('currencies').selectAll().orderBy('sort').execute();
  return rows.map((c) => ({
    id: c.symbol,
    symbol: c.symbol,
    name: c.name,
    network: c.network,
    precision: c.precision,
    contractAddress: c.contract_address,
    priceUsd: str(c.price_usd),
  }));
}

export async function getSetting(db: Q, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

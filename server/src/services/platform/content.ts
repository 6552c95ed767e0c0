/** Articles, customer service contacts and the app configuration. */
import { BRAND } from '../../../../src/config/brand';
import { type LocaleId, SOURCE_LOCALE } from '../../../../src/lib/i18n/locales';
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

const UPDATED = '2026-11-01T00:00:00.000Z';

export type ArticleType = 'agreement' | 'privacy' | 'about';
interface ArticleText {
  title: string;
  paragraphs: string[];
}
type ArticleSet = Record<ArticleType, ArticleText>;

/**
 * The articles in each language (server/src/i18n/articles/<locale>.json, one file per locale, the
 * product and token names as `{product}` and `{token}` so a rebrand needs no new translation).
 * Loaded once per language on first request; a language without a file reads English.
 */
const articleSets = new Map<LocaleId, Promise<ArticleSet | null>>();
function articleSet(locale: LocaleId): Promise<ArticleSet | null> {
  let set = articleSets.get(locale);
  if (!set) {
    set = import(`../../i18n/articles/${locale}.json`, { with: { type: 'json' } }).then(
      (m: { default: ArticleSet }) => m.default,
      () => null,
    );
    articleSets.set(locale, set);
  }
  return set;
}

const branded = (text: string) => text.replaceAll('{product}', BRAND.productName).replaceAll('{token}', BRAND.tokenSymbol);

export async function article(type: ArticleType, locale: LocaleId = SOURCE_LOCALE) {
  const translated = locale === SOURCE_LOCALE ? null : (await articleSet(locale))?.[type];
  const lang = translated ? locale : SOURCE_LOCALE;
  const a = translated ?? (await articleSet(SOURCE_LOCALE))?.[type];
  if (!a) fail(ErrorCode.NOT_FOUND, 'No such article');
  return {
    type,
    title: branded(a.title),
    content: a.paragraphs.map(branded).join('\n\n'),
    lang,
    updatedAt: UPDATED,
  };
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

export async function appConfig(db: Q, explorerTxUrl: string | null, securityHoldHours: number) {
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', ['appVersion', 'testJsScript']).execute();
  const s = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    appVersion: s.appVersion ?? BRAND.version,
    versionCode: 301,
    testJsScript: s.testJsScript ?? null,
    fiatRates: FIAT_RATES,
    dustThresholdUsd: '1',
    explorerTxUrl,
    securityHoldHours,
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

/**
 * The one place to rebrand the product: the app name, its reward token, and the version shown in
 * About. The manifest's name and the server's seed data and authenticator issuer read from here.
 */
export const BRAND = {
  productName: 'Tessera',
  tokenSymbol: 'TSR',
  /** SPEC §4: the currency the transfer and receive screens start on when nothing else is chosen. */
  defaultCurrency: 'USDT',
  version: '3.0.1',
  versionCode: 301,
  /** SPEC §2: the window title. */
  windowTitle: 'wallet app',
} as const;

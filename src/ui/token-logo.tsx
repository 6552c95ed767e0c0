/**
 * Token logos, drawn for this app (32-unit grid, decorative: the symbol is always written beside
 * them): TRX and USDT in the colours people know them by, the reward token as a mosaic tile — a
 * tessera. Any other token shows its first letter.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BRAND } from '../config/brand';

const LOGOS: Record<string, ReactNode> = {
  TRX: (
    <>
      <circle cx="16" cy="16" r="16" fill="#c4001f" />
      <path
        d="M7.5 8.5 25 12l-9.6 13.5Zm0 0 12.3 6.1L15.4 25.5M19.8 14.6 25 12"
        fill="none"
        stroke="#fff"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </>
  ),
  USDT: (
    <>
      <circle cx="16" cy="16" r="16" fill="#1f8a68" />
      <path d="M9 8.5h14v3.2h-5.4V24h-3.2V11.7H9Z" fill="#fff" />
      <ellipse cx="16" cy="14.8" rx="7.6" ry="2.3" fill="none" stroke="#fff" strokeWidth="1.3" />
    </>
  ),
  [BRAND.tokenSymbol]: (
    <>
      <circle cx="16" cy="16" r="16" fill="#1f4fd6" />
      <rect x="8.5" y="8.5" width="6.5" height="6.5" rx="1.4" fill="#fff" />
      <rect x="17" y="8.5" width="6.5" height="6.5" rx="1.4" fill="#fff" opacity="0.7" />
      <rect x="8.5" y="17" width="6.5" height="6.5" rx="1.4" fill="#fff" opacity="0.7" />
      <rect x="17" y="17" width="6.5" height="6.5" rx="1.4" fill="#ffd166" />
    </>
  ),
};

export function TokenLogo({ currency, size = 36 }: { currency: string; size?: number }) {
  const logo = LOGOS[currency.toUpperCase()];
  if (logo) {
    return (
      <svg
        className="token-logo"
        width={size}
        height={size}
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
        data-logo={currency}
      >
        {logo}
      </svg>
    );
  }
  return (
    <span className="token-logo token-logo--letter" style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
      {currency.slice(0, 1)}
    </span>
  );
}

/**
 * TRX is the TRON network's own coin, not one of its TRC20 tokens: it pays the network's fees and
 * has no contract. Channels and assets are all listed under the network "TRC20" (SPEC §3), so
 * "TRX · TRC20" read as if TRX were a token.
 */
const NATIVE_COIN = 'TRX';

/** "Tether USD · TRC20" for a token, "TRON · native coin" for the network's own coin. */
export function useNetworkLabel(): (name: string, currency: string, network: string) => string {
  const { t } = useLingui();
  return (name, currency, network) => (currency === NATIVE_COIN ? t`${name} · native coin` : `${name} · ${network}`);
}

/** The assets of the home screen: balance and value in the display currency, masked in privacy mode. */

import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { WalletAsset } from '../../contract/member';
import { Amount, FiatAmount } from '../../ui/amount';
import { TokenLogo, useNetworkLabel } from '../../ui/token-logo';
import { assetValue, type FiatUnit } from './model/assets';

export function AssetList({ assets, fiat, hidden }: { assets: readonly WalletAsset[]; fiat: FiatUnit; hidden: boolean }) {
  const networkLabel = useNetworkLabel();
  if (assets.length === 0) {
    return (
      <p className="empty-state">
        <Trans>No tokens match your search.</Trans>
      </p>
    );
  }
  return (
    <ul className="asset-list">
      {assets.map((a) => (
        <li key={`${a.network}:${a.currency}`} data-testid={`asset-${a.currency}`}>
          {/* The whole row opens the asset: its own history and the actions that move it. */}
          <Link to="/pages/index/asset" search={{ currency: a.currency }} className="asset-row">
            <TokenLogo currency={a.currency} />
            <span className="asset-row__name">
              <strong>{a.currency}</strong>
              <span className="muted">{networkLabel(a.name, a.currency, a.network)}</span>
            </span>
            <span className="asset-row__amounts">
              <Amount value={a.balance} places={a.precision} hidden={hidden} className="asset-row__balance" />
              <FiatAmount value={assetValue(a, fiat)} currency={fiat.code} hidden={hidden} className="muted" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

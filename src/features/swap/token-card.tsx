/**
 * One side of a swap as a card: what the side is ("You pay", "You receive"), the button that shows
 * its token and opens the token sheet, and its amount.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode, Ref } from 'react';
import type { WalletAsset } from '../../contract/member';
import { ChevronIcon } from '../../ui/icons';
import { TokenLogo } from '../../ui/token-logo';

export function TokenCard({ title, token, children }: { title: string; token: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="card swap-card">
      <legend className="swap-card__title">{title}</legend>
      <div className="swap-card__body">
        {token}
        {children}
      </div>
    </fieldset>
  );
}

interface TokenButtonProps {
  currency: string;
  /** The wallet's asset of that token, for its network; unknown while the wallet loads. */
  asset: WalletAsset | undefined;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function TokenButton({ currency, asset, onClick, ref }: TokenButtonProps) {
  const { t } = useLingui();
  // The network's own coin has no contract: "TRC20" under TRX would read as if it were a token.
  const network = asset ? (asset.contractAddress === null ? t`native coin` : asset.network) : null;
  return (
    <button ref={ref} type="button" className="swap-token-button" aria-haspopup="dialog" onClick={onClick}>
      <TokenLogo currency={currency} size={32} />
      <span className="swap-token-button__text">
        <strong>{currency}</strong>
        {network && <span className="swap-token-button__network">{network}</span>}
      </span>
      <ChevronIcon className="swap-token-button__chevron" width={18} height={18} />
    </button>
  );
}

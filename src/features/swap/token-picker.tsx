/**
 * The bottom sheet that chooses the token of one side of the swap: every token some enabled pair
 * has on that side, with its network and balance, the current one ticked.
 */
import type { WalletAsset } from '../../contract/member';
import { Amount } from '../../ui/amount';
import { Dialog } from '../../ui/dialog';
import { CheckIcon } from '../../ui/icons';
import { TokenLogo, useNetworkLabel } from '../../ui/token-logo';

interface TokenPickerProps {
  open: boolean;
  title: string;
  tokens: readonly string[];
  current: string;
  assets: readonly WalletAsset[] | undefined;
  hidden: boolean;
  onClose: () => void;
  onPick: (currency: string) => void;
}

export function TokenPicker({ open, title, tokens, current, assets, hidden, onClose, onPick }: TokenPickerProps) {
  const networkLabel = useNetworkLabel();
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <ul className="list">
        {tokens.map((currency) => {
          const asset = assets?.find((a) => a.currency === currency);
          const chosen = currency === current;
          return (
            <li key={currency}>
              <button
                type="button"
                className="list__item swap-token-row"
                aria-current={chosen || undefined}
                onClick={() => onPick(currency)}
              >
                <TokenLogo currency={currency} />
                <span className="swap-token-row__name">
                  <strong>{currency}</strong>
                  {asset && <span className="muted">{networkLabel(asset.name, currency, asset.network)}</span>}
                </span>
                {asset && (
                  <Amount value={asset.balance} places={asset.precision} hidden={hidden} className="swap-token-row__balance" />
                )}
                <span className="swap-token-row__check">{chosen && <CheckIcon />}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

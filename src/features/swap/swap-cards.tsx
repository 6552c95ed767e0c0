/**
 * The pair as two stacked token cards, "You pay" over "You receive", with the reverse button
 * between them. Each token button opens a sheet of the tokens that side can have; every choice
 * lands on an enabled pair and is handed up as that pair's id.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { ExchangePair } from '../../contract/exchange';
import type { WalletAsset } from '../../contract/member';
import { ReverseIcon } from '../../ui/action-icons';
import { pairWithToken, reverseOf, type SwapSide, tokensOnSide } from './pair-choice';
import { TokenButton, TokenCard } from './token-card';
import { TokenPicker } from './token-picker';

/** The control that chose the new pair: it has focus again once the form shows that pair. */
export type PairControl = SwapSide | 'reverse';

interface SwapCardsProps {
  pair: ExchangePair;
  pairs: readonly ExchangePair[];
  assets: readonly WalletAsset[] | undefined;
  hidden: boolean;
  onPair: (id: string, from: PairControl) => void;
  /** Set by onPair's caller; read once when the cards mount. */
  focusAfter: RefObject<PairControl | null>;
  /** The amount paid: the field, its balance and Max. */
  pay: ReactNode;
  /** The amount received, or why there is none. */
  receive: ReactNode;
}

export function SwapCards({ pair, pairs, assets, hidden, onPair, focusAfter, pay, receive }: SwapCardsProps) {
  const { t } = useLingui();
  const [picking, setPicking] = useState<SwapSide | null>(null);
  const fromButton = useRef<HTMLButtonElement>(null);
  const toButton = useRef<HTMLButtonElement>(null);
  const reverseButton = useRef<HTMLButtonElement>(null);
  const reverse = reverseOf(pairs, pair);
  const asset = (currency: string) => assets?.find((a) => a.currency === currency);

  // The form is remounted for each pair: the control that chose it keeps focus.
  useEffect(() => {
    const control = focusAfter.current;
    focusAfter.current = null;
    const target = { from: fromButton, to: toButton, reverse: reverseButton } as const;
    if (control) target[control].current?.focus();
  }, [focusAfter]);

  const side: SwapSide = picking ?? 'from';
  const pick = (chosen: SwapSide, currency: string) => {
    setPicking(null);
    const next = pairWithToken(pairs, pair, chosen, currency);
    if (next && next.id !== pair.id) onPair(next.id, chosen);
  };

  return (
    <div className="swap-cards">
      <TokenCard
        title={t`You pay`}
        token={
          <TokenButton
            ref={fromButton}
            currency={pair.fromCurrency}
            asset={asset(pair.fromCurrency)}
            onClick={() => setPicking('from')}
          />
        }
      >
        {pay}
      </TokenCard>
      <div className="swap-cards__reverse">
        {/* Kept focusable when disabled, so its label can say why. */}
        <button
          ref={reverseButton}
          type="button"
          className="swap-reverse"
          aria-disabled={!reverse || undefined}
          aria-label={
            reverse
              ? t`Reverse: pay ${pair.toCurrency}, receive ${pair.fromCurrency}`
              : t`Cannot reverse: ${pair.toCurrency} cannot be swapped for ${pair.fromCurrency}`
          }
          onClick={() => reverse && onPair(reverse.id, 'reverse')}
        >
          <ReverseIcon width={22} height={22} />
        </button>
      </div>
      <TokenCard
        title={t`You receive`}
        token={
          <TokenButton
            ref={toButton}
            currency={pair.toCurrency}
            asset={asset(pair.toCurrency)}
            onClick={() => setPicking('to')}
          />
        }
      >
        {receive}
      </TokenCard>
      {/* One sheet for either side: only one is ever open. */}
      <TokenPicker
        open={picking !== null}
        title={side === 'from' ? t`Choose the token you pay` : t`Choose the token you receive`}
        tokens={tokensOnSide(pairs, side)}
        current={side === 'from' ? pair.fromCurrency : pair.toCurrency}
        assets={assets}
        hidden={hidden}
        onClose={() => setPicking(null)}
        onPick={(currency) => pick(side, currency)}
      />
    </div>
  );
}

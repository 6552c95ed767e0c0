/** The facts of a swap as a definition list: what is paid and received (when known), the rate, the limits. */
import { Trans } from '@lingui/react/macro';
import type { ExchangePair } from '../../contract/exchange';
import { Amount } from '../../ui/amount';
import { AmountRange } from '../../ui/amount-text';

/** A rate is shown to more places than any token has, so a small rate never reads as 0. */
const RATE_PLACES = 8;

interface SwapFactsProps {
  pair: ExchangePair;
  /** The amounts of a swap about to be confirmed. */
  amounts?: { pay: string; receive: string };
  showLimits?: boolean;
}

export function SwapFacts({ pair, amounts, showLimits = false }: SwapFactsProps) {
  return (
    <dl className="swap-facts">
      {amounts && (
        <>
          <dt>
            <Trans>You pay</Trans>
          </dt>
          <dd>
            <Amount value={amounts.pay} places={pair.fromPrecision} symbol={pair.fromCurrency} />
          </dd>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd>
            <Amount value={amounts.receive} places={pair.toPrecision} symbol={pair.toCurrency} />
          </dd>
        </>
      )}
      <dt>
        <Trans>Rate</Trans>
      </dt>
      <dd>
        <bdi dir="ltr">
          <Amount value="1" places={0} symbol={pair.fromCurrency} /> ={' '}
          <Amount value={pair.rate} places={RATE_PLACES} symbol={pair.toCurrency} />
        </bdi>
      </dd>
      {showLimits && (
        <>
          <dt>
            <Trans>Limits</Trans>
          </dt>
          <dd>
            <AmountRange min={pair.minAmount} max={pair.maxAmount} places={pair.fromPrecision} symbol={pair.fromCurrency} />
          </dd>
        </>
      )}
    </dl>
  );
}

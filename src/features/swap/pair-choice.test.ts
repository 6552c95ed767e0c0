import { describe, expect, it } from 'vitest';
import { pairWithToken, reverseOf, tokensOnSide } from './pair-choice';

const pair = (fromCurrency: string, toCurrency: string) => ({
  id: `${fromCurrency}-${toCurrency}`.toLowerCase(),
  fromCurrency,
  toCurrency,
});
const PAIRS = [pair('TSR', 'USDT'), pair('USDT', 'TSR'), pair('TRX', 'USDT'), pair('USDT', 'TRX')];

describe('tokensOnSide', () => {
  it('lists each token once, in the order of the pairs', () => {
    expect(tokensOnSide(PAIRS, 'from')).toEqual(['TSR', 'USDT', 'TRX']);
    expect(tokensOnSide(PAIRS, 'to')).toEqual(['USDT', 'TSR', 'TRX']);
    expect(tokensOnSide([], 'from')).toEqual([]);
  });
});

describe('pairWithToken', () => {
  it('keeps the other side when a pair joins the two tokens', () => {
    expect(pairWithToken(PAIRS, pair('USDT', 'TSR'), 'to', 'TRX')?.id).toBe('usdt-trx');
    expect(pairWithToken(PAIRS, pair('TSR', 'USDT'), 'from', 'TRX')?.id).toBe('trx-usdt');
  });

  it('takes the first pair with the token when the other side has none with it', () => {
    // TSR pays only into USDT: choosing it while receiving TRX lands on TSR → USDT.
    expect(pairWithToken(PAIRS, pair('USDT', 'TRX'), 'from', 'TSR')?.id).toBe('tsr-usdt');
    // Receiving USDT while paying USDT: no such pair; the first pair into USDT.
    expect(pairWithToken(PAIRS, pair('USDT', 'TSR'), 'to', 'USDT')?.id).toBe('tsr-usdt');
  });

  it('finds nothing for a token no pair has on that side', () => {
    expect(pairWithToken(PAIRS, pair('USDT', 'TSR'), 'from', 'BTC')).toBeUndefined();
  });
});

describe('reverseOf', () => {
  it('is the pair the other way round, when enabled', () => {
    expect(reverseOf(PAIRS, pair('USDT', 'TRX'))?.id).toBe('trx-usdt');
    expect(reverseOf(PAIRS.slice(0, 3), pair('TRX', 'USDT'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { WalletAsset } from '../../../contract/member';
import { assetValue, filterAssets, networksOf, pickFiat, totalValue } from './assets';

const asset = (currency: string, network: string, balance: string, priceUsd: string, frozen = '0'): WalletAsset => ({
  currency,
  name: `${currency} token`,
  network,
  balance,
  frozen,
  priceUsd,
  precision: 6,
  contractAddress: null,
});
const assets = [
  asset('USDT', 'TRC20', '1000.1', '1', '43.75'),
  asset('TRX', 'TRC20', '820', '0.24'),
  asset('ETH', 'ERC20', '0.1', '3000'),
];

describe('wallet assets', () => {
  it('picks the saved fiat only when it has a rate', () => {
    expect(pickFiat('CNY', { USD: '1', CNY: '7.1' })).toEqual({ code: 'CNY', rate: '7.1' });
    expect(pickFiat('XXX', { USD: '1' })).toEqual({ code: 'USD', rate: '1' });
    expect(pickFiat(null, undefined)).toEqual({ code: 'USD', rate: '1' });
  });

  it('filters by network and search', () => {
    expect(networksOf(assets)).toEqual(['ERC20', 'TRC20']);
    expect(filterAssets(assets, 'TRC20', '').map((a) => a.currency)).toEqual(['USDT', 'TRX']);
    expect(filterAssets(assets, 'all', 'tr').map((a) => a.currency)).toEqual(['TRX']);
    expect(filterAssets(assets, 'all', ' eth TOKEN ').map((a) => a.currency)).toEqual(['ETH']);
  });

  it('values exactly, frozen included', () => {
    const cny = { code: 'CNY', rate: '7.1' };
    expect(assetValue(assets[0]!, cny)).toBe('7411.335');
    expect(totalValue(assets, { code: 'USD', rate: '1' })).toBe('1540.65');
    expect(totalValue([], cny)).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../contract/money';
import { pickChannel } from './pick-channel';

const channel = (id: string, virtualCurrencyName: string, network = 'TRC20') => ({ id, virtualCurrencyName, network }) as Channel;
const trx = channel('trx-trc20', 'TRX');
const usdt = channel('usdt-trc20', 'USDT');
const tsr = channel('tsr-trc20', 'TSR');

describe('pickChannel', () => {
  it('prefers the pick, then the link, then the saved currency, then the default, then the first', () => {
    const all = [trx, usdt, tsr];
    expect(pickChannel(all, { picked: 'tsr-trc20', currency: 'trx' })).toBe(tsr);
    expect(pickChannel(all, { picked: null, currency: 'trx', savedCurrency: 'TSR' })).toBe(trx);
    expect(pickChannel(all, { picked: null, currency: 'trx', network: 'ERC20' })).toBe(usdt);
    expect(pickChannel(all, { picked: null, savedCurrency: 'TSR' })).toBe(tsr);
    expect(pickChannel(all, { picked: null, savedCurrency: 'USD' })).toBe(usdt);
    expect(pickChannel([trx, tsr], { picked: null })).toBe(trx);
    expect(pickChannel([], { picked: null })).toBeNull();
  });
});

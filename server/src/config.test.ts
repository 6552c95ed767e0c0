import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseExplorerUrl, parseHotWalletCap } from './config-tron';

describe('TRON_EXPLORER_TX_URL', () => {
  it('takes an http(s) page with {txId}, and refuses anything else at start', () => {
    expect(parseExplorerUrl(undefined)).toBeUndefined();
    expect(parseExplorerUrl('https://tronscan.org/#/transaction/{txId}')).toBe('https://tronscan.org/#/transaction/{txId}');
    expect(() => parseExplorerUrl('https://tronscan.org/#/transaction/')).toThrow(/\{txId\}/);
    expect(() => parseExplorerUrl('javascript:alert(1)//{txId}')).toThrow(/http\(s\)/);
    expect(loadConfig({ TRON_EXPLORER_TX_URL: 'https://nile.tronscan.org/#/transaction/{txId}' }).tron.explorerTxUrl).toBe(
      'https://nile.tronscan.org/#/transaction/{txId}',
    );
  });
});

describe('TRON_HOT_WALLET_CAP and TRON_COLD_ADDRESS', () => {
  it('reads a decimal cap per currency and refuses anything else, saying what it wants', () => {
    expect(parseHotWalletCap(undefined)).toEqual({});
    expect(parseHotWalletCap('USDT:50000, TRX:200000.5')).toEqual({ USDT: '50000', TRX: '200000.5' });
    for (const bad of ['USDT', 'USDT:-1', 'USDT:0', 'usdt:5', 'USDT:1e6', 'USDT:1.1234567'])
      expect(() => parseHotWalletCap(bad), bad).toThrow(/SYMBOL:amount/);
  });

  it('takes a cold address only in base58check', () => {
    expect(loadConfig({ TRON_COLD_ADDRESS: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh' }).tron.coldAddress).toBe(
      'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh',
    );
    expect(() => loadConfig({ TRON_COLD_ADDRESS: 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hH' })).toThrow(/TRON_COLD_ADDRESS/);
  });
});

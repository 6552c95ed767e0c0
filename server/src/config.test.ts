import { describe, expect, it } from 'vitest';
import { loadConfig, parseExplorerUrl } from './config';

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

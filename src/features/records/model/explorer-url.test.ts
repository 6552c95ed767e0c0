import { describe, expect, it } from 'vitest';
import { explorerUrl } from './explorer-url';

const ID = '607524bbcf0af57409f4363c0f345c2529b7799507f4305dee85535feeddb590';

describe('explorerUrl', () => {
  it('puts the transaction id into the template', () => {
    expect(explorerUrl('https://nile.tronscan.org/#/transaction/{txId}', ID)).toBe(
      `https://nile.tronscan.org/#/transaction/${ID}`,
    );
  });

  it('makes no link without a template, without a real id, or from a template that is not http(s)', () => {
    expect(explorerUrl(null, ID)).toBeNull();
    expect(explorerUrl('https://x.example/{txId}', null)).toBeNull();
    expect(explorerUrl('https://x.example/{txId}', 'not-an-id')).toBeNull();
    expect(explorerUrl('javascript:alert(1)//{txId}', ID)).toBeNull();
  });
});

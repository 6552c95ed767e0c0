import { describe, expect, it } from 'vitest';
import { recordsCsvFileName } from './records-csv-file';

describe('recordsCsvFileName', () => {
  it('names the product and the range, without characters a file system refuses', () => {
    expect(recordsCsvFileName('Tessera', '2026-01-01', '2026-11-26')).toBe('Tessera-records-2026-01-01-to-2026-11-26.csv');
    expect(recordsCsvFileName('My/Wallet: Pro', '2026-01-01', '2026-01-31')).toBe(
      'My-Wallet-Pro-records-2026-01-01-to-2026-01-31.csv',
    );
  });
});

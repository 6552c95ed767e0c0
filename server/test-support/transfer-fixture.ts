/** Test support: a chain transfer for tests and tools that need a funded user but not the chain. */
import { randomBytes } from 'node:crypto';
import type { ChainTransfer } from '../src/services/deposits/deposits';

/** A fresh id each time; the deposit tests use the devnet instead. */
export const transferFixture = (): ChainTransfer => ({
  txId: randomBytes(32).toString('hex'),
  eventIndex: 0,
  from: 'TQ1vLJ7zFtBnuUjx1HxR8B2RLxLC2NiLau',
});

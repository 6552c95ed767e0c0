/** Transaction records as the contract shows them. */
import type { Selectable } from 'kysely';
import type { DB } from '../db/schema';
import { str } from './decimal';

export type RecordRow = Selectable<DB['records']>;

export function toRecord(r: RecordRow) {
  return {
    id: String(r.id),
    type: r.type as 'deposit' | 'withdraw' | 'airdrop' | 'activation' | 'swap' | 'reward' | 'activity',
    direction: r.direction,
    status: r.status as 'success' | 'failed' | 'pending_review' | 'review_approved' | 'review_rejected' | 'withdrawing',
    currency: r.currency,
    network: r.network,
    amount: str(r.amount),
    fee: str(r.fee),
    fromAddress: r.from_address,
    toAddress: r.to_address,
    txId: r.tx_id,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

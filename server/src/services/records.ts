/** Transaction records as the contract shows them. */
import type { Selectable } from 'kysely';
import type { RecordStatus, RecordType } from '../../../src/contract/money';
import type { DB } from '../db/schema';
import { str } from './decimal';

export type RecordRow = Selectable<DB['records']>;

export function toRecord(r: RecordRow) {
  return {
    id: String(r.id),
    type: r.type as RecordType,
    direction: r.direction,
    status: r.status as RecordStatus,
    currency: r.currency,
    network: r.network,
    amount: str(r.amount),
    fee: str(r.fee),
    fromAddress: r.from_address,
    toAddress: r.to_address,
    txId: r.tx_id,
    reason: r.reason,
    confirmations:
      r.confirmations === null || r.confirmations_needed === null
        ? null
        : { seen: r.confirmations, needed: r.confirmations_needed },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * Cold storage: the hot wallet keeps at most its cap of each currency (TRON_HOT_WALLET_CAP); what it
 * holds beyond that, and beyond what signed withdrawals will take, goes to the cold address
 * (TRON_COLD_ADDRESS), signed and stored like any other move of ours (chain-moves.ts).
 */
import type { ChainGateway } from '../chain/gateway';
import { dec } from '../common/decimal';
import { DONE } from '../db/literals';
import type { Db } from '../db/schema';
import { heldSweepAddresses } from '../services/deposits/sweep-holds';
import { storeMove } from './chain-moves';
import { unpaidByCurrency } from './withdrawals';

/** Where the hot wallet's surplus goes, and how much of each currency it keeps (config.tron). */
export interface Custody {
  cold?: string | undefined;
  cap?: Record<string, string>;
}

/** A move to the cold address waits until the surplus is this share of the cap, so moves stay few. */
const COLD_MOVE_MIN_SHARE = '0.1';

/**
 * Keeps the hot wallet at its cap: what it holds beyond it, and beyond what signed withdrawals will
 * take, goes to the cold address — one move at a time, of one currency.
 */
export async function moveBeyondCap(db: Db, gateway: ChainGateway, custody: Custody) {
  const hot = gateway.hotWallet;
  if (!custody.cold || !custody.cap) return;
  const open = await db
    .selectFrom('chain_sweeps')
    .select('id')
    .where('address', '=', hot)
    .where('state', '<>', DONE)
    .executeTakeFirst();
  if (open || (await heldSweepAddresses(db)).has(hot)) return;
  const unpaid = await unpaidByCurrency(db);
  for (const [currency, cap] of Object.entries(custody.cap)) {
    const c = await db.selectFrom('currencies').select('precision').where('symbol', '=', currency).executeTakeFirst();
    if (!c) continue;
    const units = (await gateway.balanceOf(hot, currency)) - (unpaid.get(currency) ?? 0n);
    const surplus = dec(units.toString()).div(dec(10).pow(c.precision)).minus(cap);
    if (surplus.lte(dec(cap).mul(COLD_MOVE_MIN_SHARE))) continue;
    const amount = surplus.toDecimalPlaces(c.precision, 1).toFixed();
    const tx = await gateway.signPayment({ to: custody.cold, currency, amount, precision: c.precision });
    await storeMove(db, 'cold', hot, currency, amount, tx);
    return;
  }
}

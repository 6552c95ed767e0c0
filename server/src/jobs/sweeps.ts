/**
 * Sweeping: what users deposited moves from their deposit addresses to the hot wallet, which pays
 * withdrawals. A token sweep burns TRX for energy at the deposit address (≈ 6.8 TRX for USDT on
 * mainnet today, docs/chain.md), so when the address holds less than the chain's own estimate the
 * hot wallet first tops it up; and nothing is swept that is not worth what it burns. Both are
 * moves between the server's own addresses: the ledger records only the TRX burnt for them, so it
 * keeps mirroring what all those addresses hold together. Each move is signed once, one at a time per
 * address, and then stored, sent and followed by chain-moves.ts; a move that expires unsent is
 * finished and the next pass plans again. What the hot wallet holds beyond its cap goes to cold
 * storage (cold-moves.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { paymentBurnSun } from '../chain/costs';
import type { ChainGateway } from '../chain/gateway';
import { depositKeyPath, depositSigner } from '../chain/keys';
import { dec } from '../common/decimal';
import { DONE } from '../db/literals';
import type { Db } from '../db/schema';
import { heldSweepAddresses } from '../services/deposits/sweep-holds';
import { followMoves, sendMoves, storeMove } from './chain-moves';
import { type Custody, moveBeyondCap } from './cold-moves';

/** Never swept below these amounts (in the currency's units), whatever the cost. */
const SWEEP_MIN: Record<string, string> = { USDT: '10', TSR: '50', TRX: '20' };
/** A sweep happens only when everything it burns is worth at most this share of what it moves. */
const MAX_COST_SHARE = '0.05';
/** TRX a deposit address keeps for bandwidth. */
const TRX_RESERVE_SUN = 1_000_000n;
/** A top-up covers the estimate by this much more, in tenths, and is rounded up to 0.1 TRX. */
const TOPUP_MARGIN_TENTHS = 11n;
const TENTH_TRX_SUN = 100_000n;

interface Source {
  address: string;
  path: string;
  /** The newest credited deposit to it. */
  lastDeposit: number;
}

/**
 * Deposit addresses with a credited deposit the planner has not looked at since (`sweep_due`, kept
 * by `creditDeposit`), with the key path that controls each: the node is asked about these only.
 */
async function sources(db: Db): Promise<Source[]> {
  const rows = await db
    .selectFrom('sweep_due as due')
    .leftJoin('wallets as w', (j) => j.onRef('w.address', '=', 'due.address').on('w.is_primary', '=', true))
    .leftJoin('deposit_addresses as d', 'd.address', 'due.address')
    .select([
      'due.address',
      'w.user_id as walletUser',
      'w.key_path as walletPath',
      'd.user_id as legacyUser',
      'd.currency',
      'd.network',
      'd.key_path as legacyPath',
      'due.through_record_id as lastDeposit',
    ])
    .orderBy('due.through_record_id')
    .execute();
  return rows.flatMap((r) => {
    const lastDeposit = Number(r.lastDeposit);
    if (r.walletUser !== null) return [{ address: r.address, path: r.walletPath ?? depositKeyPath(r.walletUser), lastDeposit }];
    if (r.legacyUser !== null && r.currency && r.network)
      return [
        {
          address: r.address,
          path: r.legacyPath ?? depositKeyPath(r.legacyUser, { currency: r.currency, network: r.network }),
          lastDeposit,
        },
      ];
    return [];
  });
}

/** Nothing at `source` is worth a move: not asked again until a newer deposit reaches it. */
async function checked(db: Db, source: Source) {
  await db
    .deleteFrom('sweep_due')
    .where('address', '=', source.address)
    .where('through_record_id', '<=', source.lastDeposit)
    .execute();
}

interface Currency {
  precision: number;
  priceUsd: string;
}

/** What a move burns is worth it: within MAX_COST_SHARE of the amount's value (when both have a price). */
function worthIt(costSun: bigint, amount: string, currency: string, prices: Map<string, Currency>): boolean {
  const trxUsd = dec(prices.get('TRX')?.priceUsd ?? 0);
  const unitUsd = dec(prices.get(currency)?.priceUsd ?? 0);
  if (trxUsd.lte(0) || unitUsd.lte(0)) return true;
  const costUsd = dec(costSun.toString()).div(1_000_000).mul(trxUsd);
  return costUsd.lte(dec(amount).mul(unitUsd).mul(MAX_COST_SHARE));
}

/** Sun → TRX as the decimal a payment is signed with. */
const trxOf = (sun: bigint) => dec(sun.toString()).div(1_000_000).toFixed();

/**
 * Plans at most one move per address that has none open: a top-up, or a sweep of one currency —
 * only when what it moves is worth what it burns. A token sweep's energy is estimated on the chain
 * first, and the address is topped up with that much TRX (and a margin) when it holds less, so a
 * sweep never runs out of energy because mainnet's price moved beyond a fixed guess.
 */
async function plan(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger) {
  const due = await sources(db);
  if (!due.length) return;
  const busy = new Set(
    (await db.selectFrom('chain_sweeps').select('address').where('state', '<>', DONE).execute()).map((r) => r.address),
  );
  for (const held of await heldSweepAddresses(db)) busy.add(held);
  const currencies = new Map(
    (await db.selectFrom('currencies').select(['symbol', 'precision', 'price_usd']).execute()).map((c) => [
      c.symbol,
      { precision: c.precision, priceUsd: c.price_usd },
    ]),
  );
  const chainPrices = await gateway.prices();
  for (const source of due) {
    if (busy.has(source.address)) continue;
    try {
      const account = await gateway.account(source.address);
      let planned = false;
      for (const [currency, min] of Object.entries(SWEEP_MIN)) {
        const places = currencies.get(currency)?.precision;
        if (places === undefined) continue;
        const held = currency === 'TRX' ? account.balance - TRX_RESERVE_SUN : await gateway.balanceOf(source.address, currency);
        const amount = dec(held.toString()).div(dec(10).pow(places));
        if (amount.lt(min)) continue;
        const move = { from: source.address, to: gateway.hotWallet, currency, units: held };
        const needed = await paymentBurnSun(gateway, chainPrices, move);
        if (currency === 'TRX') {
          if (!worthIt(needed, amount.toFixed(), currency, currencies)) continue;
        } else {
          // The address pays the sweep's energy: a top-up from the hot wallet first when it holds less.
          const short = account.balance < needed;
          const topupBurn = short
            ? await paymentBurnSun(gateway, chainPrices, {
                from: gateway.hotWallet,
                to: source.address,
                currency: 'TRX',
                units: 1n,
              })
            : 0n;
          if (!worthIt(needed + topupBurn, amount.toFixed(), currency, currencies)) continue;
          if (short) {
            const wanted = (needed * TOPUP_MARGIN_TENTHS) / 10n - account.balance;
            const topup = trxOf(((wanted + TENTH_TRX_SUN - 1n) / TENTH_TRX_SUN) * TENTH_TRX_SUN);
            const tx = await gateway.signPayment({ to: source.address, currency: 'TRX', amount: topup, precision: 6 });
            await storeMove(db, 'topup', source.address, 'TRX', topup, tx);
            planned = true;
            break;
          }
        }
        const from = depositSigner(source.path);
        if (from.address !== source.address) throw new Error(`the key path of ${source.address} derives another address`);
        const tx = await gateway.signPayment({
          to: gateway.hotWallet,
          currency,
          amount: amount.toFixed(),
          precision: places,
          from,
        });
        await storeMove(db, 'sweep', source.address, currency, amount.toFixed(), tx);
        planned = true;
        break;
      }
      // After a move the address is looked at again (what is left, the next currency).
      if (!planned) await checked(db, source);
    } catch (err) {
      log?.warn({ err, address: source.address }, 'sweep not planned');
    }
  }
}

/**
 * One pass: finish what the chain has decided, send what is signed, plan what is due — sweeps into
 * the hot wallet, and what it holds beyond its cap out to the cold address.
 */
export async function sweepDeposits(
  db: Db,
  gateway: ChainGateway,
  log?: FastifyBaseLogger,
  custody: Custody = {},
): Promise<void> {
  const finished = await followMoves(db, gateway, log);
  await sendMoves(db, gateway, log);
  await plan(db, gateway, log);
  await moveBeyondCap(db, gateway, custody);
  if (finished) log?.info({ finished }, 'sweeps finished');
}

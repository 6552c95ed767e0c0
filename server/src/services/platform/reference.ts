/**
 * Reference rows (currencies, channels, pairs, blocklist) upserted at every start: a fee or limit
 * changed here reaches an existing database, and instances starting together write the same rows.
 * Columns an operator owns (a channel's `enabled`) are not listed, so a restart keeps them.
 */

import { must } from '../../../../src/lib/must';
import { tronAddressFromHex } from '../../../../src/lib/tron/index';
import { DEVNET_TSR, MAINNET_USDT } from '../../config-tron';
import type { Q } from '../../db/schema';

export const TSR = 'TSR';
export const GIFT_AMOUNT = '100';

/** Destinations the simulated chain refuses: a withdraw to one of them settles as failed. */
export const BLOCKLIST = [
  { address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', reason: 'The destination is the black-hole address' },
  {
    address: must(tronAddressFromHex('41000000000000000000000000000000000000dead'), 'the frozen address'),
    reason: 'The destination address is frozen on the network',
  },
];

/** The row's columns except its key: what an upsert updates. */
function withoutKey<T extends object, K extends keyof T>(row: T, key: K): Omit<T, K> {
  const { [key]: _key, ...rest } = row;
  return rest;
}

/**
 * Above these a withdrawal waits for an operator's approval (≈ $2,000 at the seed's prices): set when
 * a production instance first creates the channel. The operator changes or clears it with
 * `ops approval-limit`, and a restart leaves that choice alone.
 */
const PRODUCTION_APPROVAL_ABOVE: Record<string, string> = { USDT: '2000', TRX: '8000', [TSR]: '40000' };

/**
 * `contracts`: the TRC-20 contract of each token on the configured network (TRON_*_CONTRACT).
 * `production`: a production instance (DATABASE_URL), where large withdrawals wait for approval by default.
 */
export async function seedReference(
  db: Q,
  contracts: Record<string, string> = { USDT: MAINNET_USDT, TSR: DEVNET_TSR },
  { production = false }: { production?: boolean } = {},
): Promise<void> {
  const currencies = [
    {
      symbol: 'USDT',
      name: 'Tether USD',
      network: 'TRC20',
      precision: 6,
      contract_address: contracts.USDT ?? MAINNET_USDT,
      price_usd: '1',
      sort: 1,
    },
    { symbol: 'TRX', name: 'TRON', network: 'TRC20', precision: 6, contract_address: null, price_usd: '0.24', sort: 2 },
    {
      symbol: TSR,
      name: 'Tessera',
      network: 'TRC20',
      precision: 6,
      contract_address: contracts.TSR ?? DEVNET_TSR,
      price_usd: '0.05',
      sort: 3,
    },
  ];
  for (const c of currencies) {
    // The price is the operator's (or a price feed's) once set: a restart never puts the seed back.
    const { price_usd: _price, ...rest } = c;
    await db
      .insertInto('currencies')
      .values(c)
      .onConflict((oc) => oc.column('symbol').doUpdateSet(withoutKey(rest, 'symbol')))
      .execute();
  }
  const channels = [
    {
      id: 'usdt-trc20',
      currency: 'USDT',
      network: 'TRC20',
      min_amount: '10',
      max_amount: '50000',
      fee: '1',
      // ≈ 130,000 energy to a new USDT holder at up to ~450 sun, should the chain's price rise.
      fee_max: '20',
      precision: 6,
      description: 'USDT on the TRON network (TRC20). Send only to a TRON address.',
      arrival_minutes: 5,
    },
    {
      id: 'trx-trc20',
      currency: 'TRX',
      network: 'TRC20',
      min_amount: '20',
      max_amount: '200000',
      fee: '1.5',
      fee_max: '3',
      precision: 6,
      description: 'Native TRX on the TRON network.',
      arrival_minutes: 3,
    },
    {
      id: 'tsr-trc20',
      currency: TSR,
      network: 'TRC20',
      min_amount: '50',
      max_amount: '1000000',
      fee: '5',
      fee_max: '500',
      precision: 6,
      description: 'Tessera token (TRC20).',
      arrival_minutes: 5,
    },
  ];
  for (const c of channels) {
    await db
      .insertInto('withdraw_channels')
      .values({ ...c, approval_above: production ? (PRODUCTION_APPROVAL_ABOVE[c.currency] ?? null) : null })
      .onConflict((oc) => oc.column('id').doUpdateSet(withoutKey(c, 'id')))
      .execute();
  }
  const pairs = [
    {
      id: 'tsr-usdt',
      from_currency: TSR,
      to_currency: 'USDT',
      rate: '0.05',
      min_amount: '10',
      max_amount: '1000000',
      from_precision: 6,
      to_precision: 6,
    },
    {
      id: 'usdt-tsr',
      from_currency: 'USDT',
      to_currency: TSR,
      rate: '20',
      min_amount: '1',
      max_amount: '50000',
      from_precision: 6,
      to_precision: 6,
    },
    {
      id: 'trx-usdt',
      from_currency: 'TRX',
      to_currency: 'USDT',
      rate: '0.24',
      min_amount: '5',
      max_amount: '200000',
      from_precision: 6,
      to_precision: 6,
    },
    {
      id: 'usdt-trx',
      from_currency: 'USDT',
      to_currency: 'TRX',
      rate: '4.1',
      min_amount: '1',
      max_amount: '50000',
      from_precision: 6,
      to_precision: 6,
    },
  ];
  for (const p of pairs) {
    await db
      .insertInto('exchange_pairs')
      .values(p)
      .onConflict((oc) => oc.column('id').doUpdateSet(withoutKey(p, 'id')))
      .execute();
  }
  for (const b of BLOCKLIST) {
    await db
      .insertInto('address_blocklist')
      .values(b)
      .onConflict((oc) => oc.column('address').doUpdateSet(withoutKey(b, 'address')))
      .execute();
  }
}

/** Exact decimals for services: amounts cross every boundary as strings. */
import Decimal from 'decimal.js';

export const Dec = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Dec = InstanceType<typeof Dec>;

export const dec = (v: string | number | Dec) => new Dec(v);
/** Canonical string: no exponent, no trailing zeros ("20", "0.5"). */
export const str = (v: string | Dec) => new Dec(v).toFixed();
/** Rounds down to `places` decimals. */
export const floor = (v: Dec, places: number) => v.toDecimalPlaces(places, Dec.ROUND_DOWN);
export const decimalsOf = (s: string) => s.split('.')[1]?.length ?? 0;

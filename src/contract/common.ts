/**
 * Building blocks shared by every API area. The contract is imported by both the client and the
 * server, so it uses `zod/mini` (tree-shakeable) to keep the app's entry chunk small.
 */
import * as z from 'zod/mini';
import { SAFE_EMAIL } from './patterns';

/**
 * A money amount as an exact decimal string ("12.5", "0.000001"). Money never crosses a boundary
 * as a JS number; it is parsed into Decimal only inside lib/money (client) or services (server).
 */
export const amount = z.string().check(z.regex(/^-?\d{1,30}(\.\d{1,18})?$/));
/** A strictly positive amount as the user may send it (no sign, no exponent, no hex). */
export const positiveAmountInput = z.string().check(z.regex(/^(?!0+(\.0+)?$)\d{1,30}(\.\d{1,18})?$/));
/** Zero or more, as the user confirmed it (a fee may be zero). */
export const positiveOrZeroAmountInput = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));

/** ISO-8601 timestamp in UTC. */
export const isoTime = z.string();

export const id = z.string().check(z.minLength(1), z.maxLength(64));

export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
export type PageQuery = z.input<typeof pageQuery>;

export const page = <T extends z.ZodMiniType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const empty = z.nullable(z.object({}));

/**
 * The language operator-written texts came in (a locale id such as ja_JP): the one the request's
 * `content-language` asked for when they were translated into it, en_US otherwise.
 */
export const contentLang = z.string();

export const accountType = z.enum(['phone', 'email']);
export type AccountType = z.infer<typeof accountType>;

/** Area code as dialled, without the plus: "1", "44", "886". */
export const areaCode = z.string().check(z.regex(/^\d{1,4}$/));
/** Local phone number: digits only, at least 4 (SPEC §5). */
export const phone = z.string().check(z.regex(/^\d{4,15}$/));
export const email = z.string().check(z.maxLength(254), z.regex(SAFE_EMAIL));
export const verificationCode = z.string().check(z.regex(/^\d{6}$/));
export const totpCode = z.string().check(z.regex(/^\d{6}$/));
/** Login password: 8–64 characters with at least one letter and one digit. */
export const password = z.string().check(z.minLength(8), z.maxLength(64), z.regex(/[A-Za-z]/), z.regex(/\d/));
/** Trade password: exactly 6 digits, as wallets conventionally use. */
export const tradePassword = z.string().check(z.regex(/^\d{6}$/));
/** Base58 Tron address shape; the checksum is verified by lib/tron on both sides. */
export const tronAddress = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/));

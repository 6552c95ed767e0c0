/**
 * What a scanned QR code means. Three formats are accepted; anything else is refused with
 * "Please scan the correct QR code".
 *
 * 1. A bare Tron address: `T…` (34 base58 characters, checksum verified).
 * 2. A payment URI: `tron:<address>[?amount=<decimal>][&token=<symbol>]`
 *    - scheme `tron` (case-insensitive), address as in 1;
 *    - `amount` optional, a plain positive decimal (no sign, exponent or grouping), at most 18 decimals;
 *    - `token` optional, a currency symbol of up to 16 letters/digits (USDT, TRX, TSR).
 *    Unknown parameters are ignored; a present but malformed amount or token makes the code invalid.
 * 3. A wallet-connection link:
 *    `tessera-connect:?name=<dapp name>&origin=<https origin>&address=<Tron address>`
 *    - `name`: 1–64 characters shown to the user, control characters refused;
 *    - `origin`: an absolute https URL; only its origin (scheme://host[:port]) is kept and shown;
 *    - `address`: the wallet address the dapp asks to link, as in 1.
 *    All three are required: the user must see exactly what is being connected before approving.
 */
import { isValidAmountInput } from '../../../lib/money/amount-input';
import { isValidTronAddress } from '../../../lib/tron';

export type QrPayload =
  | { kind: 'address'; address: string; amount?: string; currency?: string }
  | { kind: 'connect'; name: string; origin: string; address: string }
  | { kind: 'invalid' };

const INVALID: QrPayload = { kind: 'invalid' };

function parseQuery(query: string): URLSearchParams | null {
  try {
    return new URLSearchParams(query);
  } catch {
    return null;
  }
}

function parsePayment(rest: string): QrPayload {
  const [addressPart = '', query = ''] = rest.split('?', 2);
  const address = addressPart.replace(/^\/\//, '');
  if (!isValidTronAddress(address)) return INVALID;
  const params = parseQuery(query);
  if (!params) return INVALID;
  const amount = params.get('amount');
  const token = params.get('token');
  if (amount !== null && !isValidAmountInput(amount, 18)) return INVALID;
  if (token !== null && !/^[A-Za-z0-9]{1,16}$/.test(token)) return INVALID;
  return {
    kind: 'address',
    address,
    ...(amount !== null ? { amount } : {}),
    ...(token !== null ? { currency: token.toUpperCase() } : {}),
  };
}

function parseConnect(rest: string): QrPayload {
  const query = rest.startsWith('?') ? rest.slice(1) : rest.replace(/^\/\/\??/, '');
  const params = parseQuery(query);
  if (!params) return INVALID;
  const name = params.get('name')?.trim() ?? '';
  const originText = params.get('origin') ?? '';
  const address = params.get('address') ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (name.length < 1 || name.length > 64 || /[\u0000-\u001f\u007f]/.test(name)) return INVALID;
  if (!isValidTronAddress(address)) return INVALID;
  let origin: string;
  try {
    const url = new URL(originText);
    if (url.protocol !== 'https:' || !url.hostname) return INVALID;
    origin = url.origin;
  } catch {
    return INVALID;
  }
  return { kind: 'connect', name, origin, address };
}

export function parseQrPayload(raw: string): QrPayload {
  const text = raw.trim();
  if (text.length === 0 || text.length > 2048) return INVALID;
  if (isValidTronAddress(text)) return { kind: 'address', address: text };
  const colon = text.indexOf(':');
  if (colon < 0) return INVALID;
  const scheme = text.slice(0, colon).toLowerCase();
  const rest = text.slice(colon + 1);
  if (scheme === 'tron') return parsePayment(rest);
  if (scheme === 'tessera-connect') return parseConnect(rest);
  return INVALID;
}

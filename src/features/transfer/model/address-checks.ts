/**
 * What the transfer form checks about a destination address before money moves. A valid checksum
 * proves nothing about intent: address poisoning plants lookalikes (same start and end, different
 * middle) in a victim's history, hoping the next transfer copies the wrong one. These checks are
 * pure so they can be tested exhaustively; the screen turns the verdict into warnings and blocks.
 */
import { isValidTronAddress } from '../../../lib/tron';

/** How many characters at each end a lookalike shares with the real address. */
export const LOOKALIKE_EDGE = 4;

export type AddressVerdict =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  /** A token's contract address: funds sent there are lost. Refused (the server refuses it too). */
  | { kind: 'contract' }
  /** One of the user's own addresses: a fee paid to move nothing. Refused (the server refuses it too). */
  | { kind: 'own' }
  | {
      kind: 'valid';
      /** A known address that this one imitates (same ends, different middle): blocked until overridden. */
      lookalikeOf: string | null;
      /** Never sent to before. */
      firstTime: boolean;
    };

export interface AddressContext {
  /** Addresses sent to before (walletAddress/list). */
  known: readonly string[];
  /** Contract addresses of the tokens the app knows. */
  contracts: readonly string[];
  /** The user's own addresses this device knows of (wallets, deposit addresses). */
  own: readonly string[];
}

/** Same first and last LOOKALIKE_EDGE characters but not the same address. */
export function isLookalike(candidate: string, known: string): boolean {
  if (candidate === known || candidate.length !== known.length || candidate.length <= LOOKALIKE_EDGE * 2) return false;
  return (
    candidate.slice(0, LOOKALIKE_EDGE) === known.slice(0, LOOKALIKE_EDGE) &&
    candidate.slice(-LOOKALIKE_EDGE) === known.slice(-LOOKALIKE_EDGE)
  );
}

export function checkAddress(raw: string, ctx: AddressContext): AddressVerdict {
  const address = raw.trim();
  if (address === '') return { kind: 'empty' };
  if (!isValidTronAddress(address)) return { kind: 'invalid' };
  if (ctx.contracts.includes(address)) return { kind: 'contract' };
  if (ctx.own.includes(address)) return { kind: 'own' };
  const isKnown = ctx.known.includes(address);
  const lookalikeOf = isKnown ? null : (ctx.known.find((k) => isLookalike(address, k)) ?? null);
  return {
    kind: 'valid',
    lookalikeOf,
    firstTime: !isKnown,
  };
}

/** Per-character comparison for the side-by-side view: which positions differ. */
export function diffCharacters(a: string, b: string): Array<{ pos: number; a: string; b: string; same: boolean }> {
  const length = Math.max(a.length, b.length);
  return Array.from({ length }, (_, i) => {
    const ca = a[i] ?? '';
    const cb = b[i] ?? '';
    return { pos: i, a: ca, b: cb, same: ca === cb };
  });
}

/**
 * A pasted address that differs from what this app copied this session (and looks like an
 * address) may have been swapped by clipboard-hijacking malware. Only flagged when the app did
 * copy an address: pasting from elsewhere is normal.
 */
export function isClipboardMismatch(pasted: string, lastCopied: string | null): boolean {
  if (!lastCopied || !isValidTronAddress(lastCopied.trim())) return false;
  const p = pasted.trim();
  return p !== lastCopied.trim() && (isValidTronAddress(p) || p.startsWith('T'));
}

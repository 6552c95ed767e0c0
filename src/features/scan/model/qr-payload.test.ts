import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeTronAddress } from '../../../lib/tron';
import { parseQrPayload } from './qr-payload';

const A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('parseQrPayload', () => {
  it('reads a bare address', () => {
    expect(parseQrPayload(` ${A}\n`)).toEqual({ kind: 'address', address: A });
  });

  it('reads a payment URI with amount and token', () => {
    expect(parseQrPayload(`tron:${A}?amount=12.5&token=usdt`)).toEqual({
      kind: 'address',
      address: A,
      amount: '12.5',
      currency: 'USDT',
    });
    expect(parseQrPayload(`TRON:${A}`)).toEqual({ kind: 'address', address: A });
  });

  it('refuses malformed payment URIs', () => {
    expect(parseQrPayload(`tron:${A}?amount=-1`).kind).toBe('invalid');
    expect(parseQrPayload(`tron:${A}?amount=1e5`).kind).toBe('invalid');
    expect(parseQrPayload(`tron:${A.slice(0, -1)}x`).kind).toBe('invalid');
    expect(parseQrPayload(`tron:${A}?token=<script>`).kind).toBe('invalid');
  });

  it('reads a connection link and keeps only the origin', () => {
    expect(parseQrPayload(`tessera-connect:?name=Sun%20Swap&origin=https%3A%2F%2Fapp.example.com%2Fpath&address=${A}`)).toEqual({
      kind: 'connect',
      name: 'Sun Swap',
      origin: 'https://app.example.com',
      address: A,
    });
  });

  it('refuses connection links that hide something', () => {
    expect(parseQrPayload(`tessera-connect:?name=X&origin=http%3A%2F%2Fa.com&address=${A}`).kind).toBe('invalid');
    expect(parseQrPayload(`tessera-connect:?name=&origin=https%3A%2F%2Fa.com&address=${A}`).kind).toBe('invalid');
    expect(parseQrPayload('tessera-connect:?name=X&origin=https%3A%2F%2Fa.com&address=nope').kind).toBe('invalid');
  });

  it('refuses anything else', () => {
    for (const text of ['', 'hello', 'https://example.com', 'bitcoin:1abc', '0x52908400098527886E0F7030069857D2E4169EE7']) {
      expect(parseQrPayload(text).kind).toBe('invalid');
    }
  });

  it('any valid address round-trips, bare or as a URI', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = encodeTronAddress(bytes);
        expect(parseQrPayload(address)).toEqual({ kind: 'address', address });
        expect(parseQrPayload(`tron:${address}?amount=1`)).toEqual({ kind: 'address', address, amount: '1' });
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseQrPayload(s)));
  });
});

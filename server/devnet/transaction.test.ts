import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { MAINNET_BANDWIDTH } from './fixtures/receipts';
import {
  JAVA_TRON_SIGNED_TRIGGER,
  MAINNET_TRX_TRANSFER,
  MAINNET_TRX_TRANSFER_100,
  TRC20_TRANSFER,
} from './fixtures/transactions';
import { readFields } from './protobuf';
import { addressOfKey, bandwidthBytes, decodeRawData, encodeRawData, signerOf, signTxId, toBase58, txIdOf } from './transaction';

describe('TRON transactions, checked against real ones', () => {
  for (const [name, tx] of Object.entries({ MAINNET_TRX_TRANSFER, MAINNET_TRX_TRANSFER_100, TRC20_TRANSFER })) {
    it(`${name}: the JSON encodes to the node's raw_data_hex, whose SHA-256 is the id`, () => {
      const bytes = encodeRawData(tx.raw_data);
      expect(bytesToHex(bytes)).toBe(tx.raw_data_hex);
      expect(txIdOf(bytes)).toBe(tx.txID);
    });
  }

  it('decodes raw bytes back to the same transaction', () => {
    for (const tx of [MAINNET_TRX_TRANSFER, TRC20_TRANSFER]) {
      const decoded = decodeRawData(hexToBytes(tx.raw_data_hex));
      expect(bytesToHex(encodeRawData(decoded))).toBe(tx.raw_data_hex);
    }
  });

  it('recovers the owner from real signatures (v = 0 and v = 1)', () => {
    for (const tx of [MAINNET_TRX_TRANSFER, MAINNET_TRX_TRANSFER_100]) {
      const owner = (tx.raw_data.contract[0]!.parameter.value as { owner_address: string }).owner_address;
      expect(signerOf(tx.txID, tx.signature![0]!)).toBe(toBase58(owner));
    }
  });

  it("recovers the owner of java-tron's signed contract call from its bytes", () => {
    const fields = readFields(hexToBytes(JAVA_TRON_SIGNED_TRIGGER.bytes));
    const raw = fields.find(([f]) => f === 1)![1] as Uint8Array;
    const signature = bytesToHex(fields.find(([f]) => f === 2)![1] as Uint8Array);
    expect(decodeRawData(raw).contract[0]!.type).toBe('TriggerSmartContract');
    expect(signerOf(txIdOf(raw), signature)).toBe(toBase58(JAVA_TRON_SIGNED_TRIGGER.owner));
  });

  it('a signature over another transaction, or a tampered one, does not recover the owner', () => {
    const sig = MAINNET_TRX_TRANSFER.signature![0]!;
    const owner = toBase58('419b3281a60ab7a44f351ef2896c653f134972ad22');
    expect(signerOf(MAINNET_TRX_TRANSFER_100.txID, sig)).not.toBe(owner);
    const tampered = `${sig.slice(0, 10)}${sig[10] === '0' ? '1' : '0'}${sig.slice(11)}`;
    expect(signerOf(MAINNET_TRX_TRANSFER.txID, tampered)).not.toBe(owner);
    expect(signerOf(MAINNET_TRX_TRANSFER.txID, 'zz')).toBeNull();
  });

  it('signs in the form TronWeb writes (v = 27/28) and recovers the signer', () => {
    const key = hexToBytes('0000000000000000000000000000000000000000000000000000000000000001');
    const sig = signTxId(MAINNET_TRX_TRANSFER.txID, key);
    expect(sig).toMatch(/^[0-9a-f]{128}(1b|1c)$/);
    expect(signerOf(MAINNET_TRX_TRANSFER.txID, sig)).toBe(addressOfKey(key));
    expect(addressOfKey(key)).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
  });

  it('bills the bandwidth mainnet billed these transactions (the signed message plus 64 bytes)', () => {
    for (const tx of MAINNET_BANDWIDTH) {
      expect(txIdOf(hexToBytes(tx.raw_data_hex)), 'the vector is the transaction it names').toBe(tx.txID);
      expect(bandwidthBytes(hexToBytes(tx.raw_data_hex), tx.signature), tx.txID).toBe(tx.netUsage);
    }
  });
});

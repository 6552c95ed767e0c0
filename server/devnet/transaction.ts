/**
 * TRON transactions as java-tron defines them (core/Tron.proto, core/contract/*.proto): the JSON of
 * the HTTP API (`visible` addresses in base58, otherwise 41-prefixed hex) to and from the protobuf
 * `Transaction.raw` bytes; the id is SHA-256 of those bytes; a signature is a recoverable secp256k1
 * signature of the id (r ‖ s ‖ v, v ∈ {0, 1, 27, 28}). Only the two contracts a wallet sends are
 * supported: TransferContract (TRX) and TriggerSmartContract (TRC-20 calls).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import * as secp from '@noble/secp256k1';
import { must } from '../../src/lib/must';
import { decodeTronAddress, encodeTronAddress, tronAddressFromPublicKey } from '../../src/lib/tron/index';
import { ProtoWriter, readFields } from './protobuf';

secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

export const CONTRACT_TYPES = { TransferContract: 1, TriggerSmartContract: 31 } as const;
export type ContractType = keyof typeof CONTRACT_TYPES;

export interface TransferValue {
  owner_address: string;
  to_address: string;
  amount: number | string;
}
export interface TriggerValue {
  owner_address: string;
  contract_address: string;
  data?: string;
  call_value?: number;
}
export interface ContractJson {
  parameter: { value: TransferValue | TriggerValue; type_url: string };
  type: ContractType;
  Permission_id?: number;
}
export interface RawDataJson {
  contract: ContractJson[];
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp?: number;
  fee_limit?: number;
  /** The memo, hex. */
  data?: string;
}
export interface TransactionJson {
  visible?: boolean;
  txID: string;
  raw_data: RawDataJson;
  raw_data_hex: string;
  signature?: string[];
  ret?: Array<{ contractRet: string }>;
}

/** 21 address bytes from base58 (`T…`) or 41-prefixed hex. */
export function addressBytes(address: string): Uint8Array {
  const fromBase58 = decodeTronAddress(address);
  if (fromBase58) return fromBase58;
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return hexToBytes(address.toLowerCase());
  throw new Error(`not a TRON address: ${address}`);
}

export const toBase58 = (address: string) => encodeTronAddress(addressBytes(address));

const int = (v: number | string | undefined) => (v === undefined ? 0n : BigInt(v));

function encodeContract(contract: ContractJson): Uint8Array {
  const type = CONTRACT_TYPES[contract.type];
  if (!type) throw new Error(`unsupported contract type ${contract.type}`);
  const value = contract.parameter.value;
  const body = new ProtoWriter().bytes(1, addressBytes(value.owner_address));
  if (contract.type === 'TransferContract') {
    const v = value as TransferValue;
    body.bytes(2, addressBytes(v.to_address)).int(3, int(v.amount));
  } else {
    const v = value as TriggerValue;
    body
      .bytes(2, addressBytes(v.contract_address))
      .int(3, int(v.call_value))
      .bytes(4, v.data ? hexToBytes(v.data) : undefined);
  }
  const any = new ProtoWriter()
    .bytes(1, contract.parameter.type_url || `type.googleapis.com/protocol.${contract.type}`)
    .bytes(2, body.finish());
  return new ProtoWriter().int(1, type).bytes(2, any.finish()).int(5, contract.Permission_id).finish();
}

/** `Transaction.raw` bytes of the JSON form. */
export function encodeRawData(raw: RawDataJson): Uint8Array {
  const w = new ProtoWriter()
    .bytes(1, hexToBytes(raw.ref_block_bytes))
    .bytes(4, hexToBytes(raw.ref_block_hash))
    .int(8, raw.expiration)
    .bytes(10, raw.data ? hexToBytes(raw.data) : undefined);
  for (const c of raw.contract) w.bytes(11, encodeContract(c));
  return w.int(14, raw.timestamp).int(18, raw.fee_limit).finish();
}

/** The JSON form of `Transaction.raw` bytes (hex addresses, as with `visible: false`). */
export function decodeRawData(bytes: Uint8Array): RawDataJson {
  const raw: RawDataJson = { contract: [], ref_block_bytes: '', ref_block_hash: '', expiration: 0 };
  for (const [field, value] of readFields(bytes)) {
    if (field === 1) raw.ref_block_bytes = bytesToHex(value as Uint8Array);
    else if (field === 4) raw.ref_block_hash = bytesToHex(value as Uint8Array);
    else if (field === 8) raw.expiration = Number(value);
    else if (field === 10) raw.data = bytesToHex(value as Uint8Array);
    else if (field === 11) raw.contract.push(decodeContract(value as Uint8Array));
    else if (field === 14) raw.timestamp = Number(value);
    else if (field === 18) raw.fee_limit = Number(value);
  }
  return raw;
}

function decodeContract(bytes: Uint8Array): ContractJson {
  let typeNo = 0n;
  let typeUrl = '';
  let body: Uint8Array = new Uint8Array();
  let permission: number | undefined;
  for (const [field, value] of readFields(bytes)) {
    if (field === 1) typeNo = value as bigint;
    else if (field === 5) permission = Number(value);
    else if (field === 2)
      for (const [f, v] of readFields(value as Uint8Array)) {
        if (f === 1) typeUrl = new TextDecoder().decode(v as Uint8Array);
        else if (f === 2) body = v as Uint8Array;
      }
  }
  const type = (Object.keys(CONTRACT_TYPES) as ContractType[]).find((k) => BigInt(CONTRACT_TYPES[k]) === typeNo);
  if (!type) throw new Error(`unsupported contract type ${typeNo}`);
  const f = new Map(readFields(body));
  const hex = (n: number) => bytesToHex((f.get(n) as Uint8Array | undefined) ?? new Uint8Array());
  const value: TransferValue | TriggerValue =
    type === 'TransferContract'
      ? { owner_address: hex(1), to_address: hex(2), amount: Number(f.get(3) ?? 0n) }
      : {
          owner_address: hex(1),
          contract_address: hex(2),
          ...(f.has(4) ? { data: hex(4) } : {}),
          ...(f.has(3) ? { call_value: Number(f.get(3)) } : {}),
        };
  return { parameter: { value, type_url: typeUrl }, type, ...(permission ? { Permission_id: permission } : {}) };
}

export const txIdOf = (rawBytes: Uint8Array) => bytesToHex(sha256(rawBytes));

/** Signs a transaction id with a private key, in TRON's r ‖ s ‖ v form (v = 27 or 28, as TronWeb writes). */
export function signTxId(txId: string, privateKey: Uint8Array): string {
  const recovered = secp.sign(hexToBytes(txId), privateKey, { prehash: false, format: 'recovered' });
  return bytesToHex(recovered.subarray(1)) + (27 + must(recovered[0], 'the recovery byte')).toString(16);
}

/** The address whose key made `signature` over `txId`, or null when it recovers to nothing. */
export function signerOf(txId: string, signature: string): string | null {
  if (!/^[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = hexToBytes(signature);
  const v = bytes[64];
  if (v === undefined) return null;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery > 1) return null;
  try {
    const recovered = new Uint8Array(65);
    recovered[0] = recovery;
    recovered.set(bytes.subarray(0, 64), 1);
    const publicKey = secp.recoverPublicKey(recovered, hexToBytes(txId), { prehash: false });
    return tronAddressFromPublicKey(secp.Point.fromBytes(publicKey).toBytes(false));
  } catch {
    return null;
  }
}

/** The address of a private key. */
export const addressOfKey = (privateKey: Uint8Array) => tronAddressFromPublicKey(secp.getPublicKey(privateKey, false));

const MAX_RESULT_SIZE_IN_TX = 64;

/** What java-tron bills bandwidth for: the signed `Transaction` message (raw data in field 1, each
 *  signature in field 2, `ret` left out) plus the 64 bytes it reserves for the result. */
export function bandwidthBytes(raw: Uint8Array, signatures: readonly string[]): number {
  const message = new ProtoWriter().bytes(1, raw);
  for (const s of signatures) message.bytes(2, hexToBytes(s));
  return message.finish().length + MAX_RESULT_SIZE_IN_TX;
}

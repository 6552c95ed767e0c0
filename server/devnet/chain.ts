/**
 * A single-witness TRON chain in memory: transactions are checked as java-tron checks them at
 * broadcast (id, expiration, TaPoS reference block, owner's signature, contract rules, resources),
 * executed at once, and packed into the next block; a block is solidified `solidAfter` blocks later.
 * Blocks can be appended to a JSON-lines file and replayed at start, so the chain outlives a restart.
 * Tests make it fail as a real network can: `drop` loses an accepted transaction before any block
 * holds it, `fork` replaces the newest unsolidified blocks with a branch that never had their
 * transactions.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { must } from '../../src/lib/must';
import { encodeTronAddress as encodeBase58 } from '../../src/lib/tron/index';
import { type Effect, Ledger, type Receipt, Refused, SUN } from './ledger';
import { ProtoWriter } from './protobuf';
import {
  addressBytes,
  addressOfKey,
  bandwidthBytes,
  encodeRawData,
  signerOf,
  signTxId,
  type TransactionJson,
  txIdOf,
} from './transaction';

export interface TokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  address: string;
  /** The word `transfer` returns on success (hex), when not `true` (see Token). */
  transferReturns?: string;
}

export interface ChainOptions {
  blockMs: number;
  solidAfter: number;
  tokens: TokenSpec[];
  /** Append-only block log; replayed when it exists. */
  file?: string;
}

/** Public by design: anyone may take devnet coins. */
export const FAUCET_KEY = sha256(new TextEncoder().encode('tessera devnet faucet'));
export const FAUCET_ADDRESS = addressOfKey(FAUCET_KEY);
const WITNESS_KEY = sha256(new TextEncoder().encode('tessera devnet witness'));
const WITNESS_ADDRESS = addressOfKey(WITNESS_KEY);
const GENESIS_TRX = 100_000_000_000n * SUN;
const GENESIS_TOKENS = 1_000_000_000_000n;
const MAX_EXPIRATION_MS = 86_400_000;

export interface TxInfo {
  id: string;
  fee?: number;
  blockNumber?: number;
  blockTimeStamp?: number;
  contractResult: string[];
  contract_address?: string;
  receipt: {
    net_usage?: number;
    net_fee?: number;
    energy_usage_total?: number;
    energy_penalty_total?: number;
    energy_fee?: number;
    result?: string;
  };
  log?: Array<{ address: string; topics: string[]; data: string }>;
  result?: 'FAILED';
}

interface StoredTx {
  tx: TransactionJson;
  info: TxInfo;
  effects: Effect[];
}

export interface Block {
  number: number;
  id: string;
  parentHash: string;
  timestamp: number;
  txTrieRoot: string;
  txs: StoredTx[];
  /** The genesis block's initial balances (the faucet's). */
  allocations?: Effect[];
}

function infoOf(id: string, r: Receipt, contract?: string): TxInfo {
  const receipt: TxInfo['receipt'] = {};
  if (r.netUsage) receipt.net_usage = r.netUsage;
  if (r.netFee) receipt.net_fee = Number(r.netFee);
  if (r.energyUsage) {
    receipt.energy_usage_total = Number(r.energyUsage);
    if (r.energyPenalty) receipt.energy_penalty_total = Number(r.energyPenalty);
    if (r.energyFee) receipt.energy_fee = Number(r.energyFee);
  }
  if (contract) receipt.result = r.result;
  return {
    id,
    ...(r.fee ? { fee: Number(r.fee) } : {}),
    contractResult: [r.returned],
    ...(contract ? { contract_address: bytesToHex(addressBytes(contract)) } : {}),
    receipt,
    ...(r.logs.length ? { log: r.logs } : {}),
    ...(r.result !== 'SUCCESS' ? { result: 'FAILED' as const } : {}),
  };
}

export class Chain {
  readonly ledger = new Ledger();
  readonly blocks: Block[] = [];
  private pending: StoredTx[] = [];
  private readonly located = new Map<string, { block: number | null; stored: StoredTx }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly options: ChainOptions) {
    for (const t of options.tokens) this.ledger.addToken(t);
    if (options.file && existsSync(options.file)) this.replay(options.file);
    else {
      const at = Date.now();
      const effects: Effect[] = [[FAUCET_ADDRESS, null, String(GENESIS_TRX)]];
      for (const t of options.tokens)
        effects.push([FAUCET_ADDRESS, t.address, String(GENESIS_TOKENS * 10n ** BigInt(t.decimals))]);
      this.ledger.apply(effects, at);
      this.seal(at, [], effects);
      this.seal(at + 1, []);
    }
  }

  get head(): Block {
    return must(this.blocks.at(-1), 'the genesis block');
  }

  get solidNumber(): number {
    return Math.max(0, this.head.number - this.options.solidAfter);
  }

  start() {
    this.timer ??= setInterval(() => this.produce(), this.options.blockMs);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Packs the pending transactions into a new block. */
  produce(at = Math.max(Date.now(), this.head.timestamp + 1)): Block {
    const txs = this.pending;
    this.pending = [];
    return this.seal(at, txs);
  }

  private seal(timestamp: number, txs: StoredTx[], allocations?: Effect[]): Block {
    const number = this.blocks.length;
    const parentHash = number ? this.head.id : '0'.repeat(64);
    const txTrieRoot = bytesToHex(sha256(hexToBytes(txs.map((t) => t.tx.txID).join(''))));
    const header = new ProtoWriter()
      .int(1, timestamp)
      .bytes(2, hexToBytes(txTrieRoot))
      .bytes(3, hexToBytes(parentHash))
      .int(7, number)
      .bytes(9, addressBytes(WITNESS_ADDRESS))
      .int(10, 30)
      .finish();
    const id = number.toString(16).padStart(16, '0') + bytesToHex(sha256(header)).slice(16);
    const block: Block = { number, id, parentHash, timestamp, txTrieRoot, txs, ...(allocations ? { allocations } : {}) };
    for (const t of txs) {
      t.info.blockNumber = number;
      t.info.blockTimeStamp = timestamp;
      this.located.set(t.tx.txID, { block: number, stored: t });
    }
    this.blocks.push(block);
    if (this.options.file) {
      mkdirSync(path.dirname(this.options.file), { recursive: true });
      appendFileSync(this.options.file, `${JSON.stringify(block)}\n`);
    }
    return block;
  }

  private replay(file: string) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const block = JSON.parse(line) as Block;
      if (block.allocations) this.ledger.apply(block.allocations, block.timestamp);
      for (const t of block.txs) {
        this.ledger.apply(t.effects, block.timestamp);
        this.located.set(t.tx.txID, { block: block.number, stored: t });
      }
      this.blocks.push(block);
    }
  }

  /** The reference-block fields a new transaction carries (TronWeb's getCurrentRefBlockParams). */
  refBlock(expiresInMs = 60_000) {
    const h = this.head;
    return {
      ref_block_bytes: h.number.toString(16).padStart(4, '0').slice(-4),
      ref_block_hash: h.id.slice(16, 32),
      expiration: h.timestamp + expiresInMs,
      timestamp: Date.now(),
    };
  }

  /** Checks and executes a signed transaction, as /wallet/broadcasttransaction. */
  broadcast(
    tx: TransactionJson,
  ): { result: true; txid: string } | { result: false; code: string; txid: string; message: string } {
    let txid = tx.txID ?? '';
    try {
      const raw = encodeRawData(tx.raw_data);
      txid = txIdOf(raw);
      if (tx.raw_data_hex && tx.raw_data_hex.toLowerCase() !== bytesToHex(raw))
        throw new Refused('OTHER_ERROR', 'raw_data_hex does not match raw_data');
      if (this.located.has(txid)) throw new Refused('DUP_TRANSACTION_ERROR', 'Dup transaction.');
      const { expiration, ref_block_bytes, ref_block_hash } = tx.raw_data;
      if (expiration <= this.head.timestamp || expiration > this.head.timestamp + MAX_EXPIRATION_MS)
        throw new Refused('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired or expiration is too far away.');
      const ref = this.blocks.findLast((b) => b.number.toString(16).padStart(4, '0').slice(-4) === ref_block_bytes);
      if (!ref || ref.id.slice(16, 32) !== ref_block_hash) throw new Refused('TAPOS_ERROR', 'Tapos check error.');
      const [contract, ...more] = tx.raw_data.contract;
      if (!contract || more.length > 0) throw new Refused('CONTRACT_VALIDATE_ERROR', 'One contract per transaction.');
      const value = contract.parameter.value as { owner_address: string };
      const owner = encodeAddress(value.owner_address);
      if (signerOf(txid, tx.signature?.[0] ?? '') !== owner)
        throw new Refused('SIGERROR', 'Validate signature error: not signed by the owner.');
      const size = bandwidthBytes(raw, tx.signature ?? []);
      const stored = this.execute(tx, owner, size, txid);
      this.pending.push(stored);
      this.located.set(txid, { block: null, stored });
      return { result: true, txid };
    } catch (e) {
      const code = e instanceof Refused ? e.code : 'OTHER_ERROR';
      const message = bytesToHex(new TextEncoder().encode(e instanceof Error ? e.message : String(e)));
      return { result: false, code, txid, message };
    }
  }

  private execute(tx: TransactionJson, owner: string, size: number, txid: string): StoredTx {
    const c = must(tx.raw_data.contract[0], 'the contract (checked on arrival)');
    const at = Date.now();
    let receipt: Receipt;
    let contractAddress: string | undefined;
    if (c.type === 'TransferContract') {
      const v = c.parameter.value as { to_address: string; amount: number | string };
      receipt = this.ledger.transferTrx(owner, encodeAddress(v.to_address), BigInt(v.amount), size, at);
    } else {
      const v = c.parameter.value as { contract_address: string; data?: string };
      contractAddress = encodeAddress(v.contract_address);
      const call = decodeTransferCall(v.data ?? '');
      if (!call) throw new Refused('CONTRACT_VALIDATE_ERROR', 'The devnet tokens accept transfer(address,uint256) only.');
      receipt = this.ledger.transferToken(
        owner,
        contractAddress,
        call.to,
        call.amount,
        BigInt(tx.raw_data.fee_limit ?? 0),
        size,
        at,
      );
    }
    const signed: TransactionJson = { ...tx, txID: txid, ret: [{ contractRet: receipt.result }] };
    return { tx: signed, info: infoOf(txid, receipt, contractAddress), effects: receipt.effects };
  }

  find(txid: string) {
    return this.located.get(txid);
  }

  /**
   * Loses an accepted transaction that no block holds yet, as when it never reaches a block producer:
   * its effects are undone and its id may be broadcast again.
   */
  drop(txid: string): void {
    const index = this.pending.findIndex((t) => t.tx.txID === txid);
    if (index < 0) throw new Error(`${txid} is not waiting for a block`);
    const [gone] = this.pending.splice(index, 1);
    this.forget(must(gone, 'the pending transaction'), this.head.timestamp);
  }

  /**
   * Switches to a fork: the newest `depth` blocks (none of them solidified) give way to a longer
   * branch of `depth + 1` new blocks that holds none of their transactions, as when the network's
   * other branch spent the same coins. Their effects are undone; a still valid transaction may be
   * broadcast again. Returns the ids of the transactions it took out.
   */
  fork(depth: number): string[] {
    if (!Number.isInteger(depth) || depth < 1 || this.head.number - depth < this.solidNumber)
      throw new Error(`a fork may replace 1 to ${this.head.number - this.solidNumber} unsolidified blocks`);
    const orphaned = this.blocks.splice(this.blocks.length - depth, depth);
    const kept = this.head.timestamp;
    const removed: string[] = [];
    for (const block of orphaned.reverse())
      for (const t of [...block.txs].reverse()) {
        this.forget(t, kept);
        removed.push(t.tx.txID);
      }
    if (this.options.file) writeFileSync(this.options.file, this.blocks.map((b) => `${JSON.stringify(b)}\n`).join(''));
    const after = Math.max(Date.now(), (orphaned[0]?.timestamp ?? kept) + 1);
    for (let i = 0; i <= depth; i++) this.seal(after + i, []);
    return removed;
  }

  /** Undoes a transaction's effects and forgets it; an account it created (empty again) goes too. */
  private forget(t: StoredTx, keptUntil: number) {
    this.ledger.undo(t.effects, keptUntil);
    this.located.delete(t.tx.txID);
  }

  /** Sends devnet coins from the faucet in a real signed transaction; returns its id. */
  faucet(to: string, amount: bigint, tokenSymbol: string | null, build: (owner: string) => TransactionJson): string {
    const tx = build(FAUCET_ADDRESS);
    tx.signature = [signTxId(tx.txID, FAUCET_KEY)];
    const r = this.broadcast(tx);
    if (!r.result) throw new Error(`faucet ${tokenSymbol ?? 'TRX'} ${amount} to ${to}: ${r.code}`);
    return r.txid;
  }
}

export const encodeAddress = (address: string) => encodeBase58(addressBytes(address));

/** `transfer(address,uint256)` call data → recipient and amount. */
export function decodeTransferCall(data: string): { to: string; amount: bigint } | null {
  if (!/^a9059cbb[0-9a-fA-F]{128}$/.test(data)) return null;
  const to = encodeBase58(hexToBytes(`41${data.slice(8 + 24, 8 + 64)}`));
  return { to, amount: BigInt(`0x${data.slice(8 + 64)}`) };
}

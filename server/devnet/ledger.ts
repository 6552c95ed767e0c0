/**
 * The devnet's world state and how a transaction changes it: TRX balances of accounts, TRC-20 token
 * balances, and the fees TRON mainnet charges today (docs/chain.md) —
 * - bandwidth: 600 bytes free per account per day, else burnt at 1,000 sun a byte;
 * - a TRX transfer that creates its recipient's account: 1 TRX to the system contract plus 0.1 TRX
 *   burnt in place of bandwidth (free bandwidth never pays for it), 1.1 TRX in all;
 * - energy for contract calls, burnt at 100 sun within the caller's fee limit. A TRC-20 transfer costs
 *   what mainnet USDT costs under dynamic energy: 64,285 to a holder, 130,285 to an address that holds
 *   none yet (the base cost of 14,650 / 29,650 plus the contract's energy penalty).
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { must } from '../../src/lib/must';
import { addressBytes } from './transaction';

export const SUN = 1_000_000n;
export const FREE_BANDWIDTH = 600;
export const BANDWIDTH_PRICE_SUN = 1000n;
/** getCreateNewAccountFeeInSystemContract: what the system contract takes for a new account. */
export const CREATE_ACCOUNT_FEE_SUN = SUN;
/** getCreateAccountFee: burnt instead of bandwidth by a transaction that creates an account. */
export const CREATE_ACCOUNT_BANDWIDTH_SUN = 100_000n;
export const ENERGY_PRICE_SUN = 100n;
export const MAX_FEE_LIMIT_SUN = 15_000n * SUN;
/** A TRC-20 transfer's energy on mainnet today: base cost, and the dynamic-energy penalty on top. */
const TO_HOLDER = { base: 14_650n, penalty: 49_635n };
const TO_NEW_HOLDER = { base: 29_650n, penalty: 100_635n };
const REVERTED = { base: 1_000n, penalty: 0n };
const RETURNS_TRUE = `${'0'.repeat(63)}1`;
const DAY_MS = 86_400_000;

export interface Token {
  symbol: string;
  name: string;
  decimals: number;
  /** Base58 contract address. */
  address: string;
  /**
   * The 32-byte word `transfer` returns on success, hex: `true` for most tokens, but mainnet USDT
   * returns a zero word, so nothing may read success from `contractResult`.
   */
  transferReturns: string;
  balances: Map<string, bigint>;
}

interface Account {
  balance: bigint;
  createTime: number;
  freeNetUsed: number;
  freeNetDay: number;
}

/** One balance change: TRX (token null) or a token's, for an address. Replaying these rebuilds the state. */
export type Effect = [address: string, token: string | null, delta: string];

export interface Receipt {
  result: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  fee: bigint;
  netUsage: number;
  netFee: bigint;
  energyUsage: bigint;
  /** The part of `energyUsage` that is the contract's dynamic-energy penalty. */
  energyPenalty: bigint;
  energyFee: bigint;
  /** What the call returned, hex (empty unless it succeeded). */
  returned: string;
  /** TRC-20 Transfer logs: topics and data, hex. */
  logs: Array<{ address: string; topics: string[]; data: string }>;
  effects: Effect[];
}

export class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** keccak256("Transfer(address,address,uint256)"), the TRC-20 Transfer event's first topic. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export class Ledger {
  private readonly accounts = new Map<string, Account>();
  readonly tokens = new Map<string, Token>();

  account(address: string) {
    return this.accounts.get(address);
  }

  addToken(token: Omit<Token, 'balances' | 'transferReturns'> & { transferReturns?: string }) {
    this.tokens.set(token.address, { transferReturns: RETURNS_TRUE, ...token, balances: new Map() });
  }

  tokenBalance(contract: string, holder: string): bigint {
    return this.tokens.get(contract)?.balances.get(holder) ?? 0n;
  }

  apply(effects: Effect[], at: number) {
    for (const [address, token, delta] of effects) {
      if (token === null) {
        const account = this.accounts.get(address) ?? { balance: 0n, createTime: at, freeNetUsed: 0, freeNetDay: 0 };
        account.balance += BigInt(delta);
        this.accounts.set(address, account);
      } else {
        const t = must(this.tokens.get(token), `token ${token}`);
        t.balances.set(address, (t.balances.get(address) ?? 0n) + BigInt(delta));
      }
    }
  }

  /**
   * Takes back what `effects` did. An account they created (created after `keptUntil`, the last
   * moment of the chain that stays, and empty again) stops existing.
   */
  undo(effects: Effect[], keptUntil: number) {
    this.apply(
      effects.map(([address, token, delta]) => [address, token, String(-BigInt(delta))]),
      keptUntil,
    );
    for (const [address, token] of effects) {
      const account = this.accounts.get(address);
      if (token === null && account && account.balance === 0n && account.createTime > keptUntil) this.accounts.delete(address);
    }
  }

  /** Bandwidth for a transaction of `size` bytes: free if the owner has enough left today, else burnt. */
  private bandwidth(owner: string, size: number, at: number): { netUsage: number; netFee: bigint } {
    const account = this.accounts.get(owner);
    if (!account) throw new Refused('CONTRACT_VALIDATE_ERROR', `account ${owner} does not exist`);
    const day = Math.floor(at / DAY_MS);
    const used = account.freeNetDay === day ? account.freeNetUsed : 0;
    if (used + size <= FREE_BANDWIDTH) {
      account.freeNetDay = day;
      account.freeNetUsed = used + size;
      return { netUsage: size, netFee: 0n };
    }
    return { netUsage: 0, netFee: BigInt(size) * BANDWIDTH_PRICE_SUN };
  }

  transferTrx(owner: string, to: string, amount: bigint, size: number, at: number): Receipt {
    if (amount <= 0n) throw new Refused('CONTRACT_VALIDATE_ERROR', 'Amount must be greater than 0.');
    if (owner === to) throw new Refused('CONTRACT_VALIDATE_ERROR', 'Cannot transfer TRX to yourself.');
    const balance = this.accounts.get(owner)?.balance ?? 0n;
    const creates = !this.accounts.has(to);
    const { netUsage, netFee } = creates ? this.creatingBandwidth(owner) : this.bandwidth(owner, size, at);
    const fee = netFee + (creates ? CREATE_ACCOUNT_FEE_SUN : 0n);
    if (balance < amount + fee)
      throw new Refused('CONTRACT_VALIDATE_ERROR', `Validate TransferContract error, balance is not sufficient.`);
    const effects: Effect[] = [
      [owner, null, String(-(amount + fee))],
      [to, null, String(amount)],
    ];
    this.apply(effects, at);
    return {
      result: 'SUCCESS',
      fee,
      netUsage,
      netFee,
      energyUsage: 0n,
      energyPenalty: 0n,
      energyFee: 0n,
      returned: '',
      logs: [],
      effects,
    };
  }

  /** A transaction that creates an account pays 0.1 TRX for its bytes, whatever free bandwidth is left. */
  private creatingBandwidth(owner: string): { netUsage: number; netFee: bigint } {
    if (!this.accounts.has(owner)) throw new Refused('CONTRACT_VALIDATE_ERROR', `account ${owner} does not exist`);
    return { netUsage: 0, netFee: CREATE_ACCOUNT_BANDWIDTH_SUN };
  }

  /**
   * The energy a TRC-20 `transfer(to, amount)` from `owner` would use now, as `estimateenergy` answers:
   * null when it would revert (the balance is short) or the contract is not a token here.
   */
  transferEnergy(owner: string, contract: string, to: string, amount: bigint): { base: bigint; penalty: bigint } | null {
    const token = this.tokens.get(contract);
    if (!token || (token.balances.get(owner) ?? 0n) < amount) return null;
    return (token.balances.get(to) ?? 0n) > 0n ? TO_HOLDER : TO_NEW_HOLDER;
  }

  /** A TRC-20 `transfer(to, amount)` call; reverts when the balance is short, runs out of energy past the fee limit. */
  transferToken(
    owner: string,
    contract: string,
    to: string,
    amount: bigint,
    feeLimit: bigint,
    size: number,
    at: number,
  ): Receipt {
    const token = this.tokens.get(contract);
    if (!token) throw new Refused('CONTRACT_VALIDATE_ERROR', 'No contract or not a smart contract');
    if (feeLimit < 0n || feeLimit > MAX_FEE_LIMIT_SUN)
      throw new Refused('CONTRACT_VALIDATE_ERROR', 'feeLimit must be >= 0 and <= 15000000000');
    const { netUsage, netFee } = this.bandwidth(owner, size, at);
    const trx = (this.accounts.get(owner)?.balance ?? 0n) - netFee;
    if (trx < 0n) throw new Refused('BANDWITH_ERROR', 'Account resource insufficient error.');
    const affordable = (feeLimit < trx ? feeLimit : trx) / ENERGY_PRICE_SUN;
    const energy = this.transferEnergy(owner, contract, to, amount);
    const wanted = energy ?? REVERTED;
    const total = wanted.base + wanted.penalty;
    const result = total > affordable ? 'OUT_OF_ENERGY' : energy ? 'SUCCESS' : 'REVERT';
    const energyUsage = result === 'OUT_OF_ENERGY' ? affordable : total;
    const energyPenalty = result === 'OUT_OF_ENERGY' ? 0n : wanted.penalty;
    const energyFee = energyUsage * ENERGY_PRICE_SUN;
    const effects: Effect[] = [[owner, null, String(-(netFee + energyFee))]];
    const logs: Receipt['logs'] = [];
    if (result === 'SUCCESS') {
      effects.push([owner, contract, String(-amount)], [to, contract, String(amount)]);
      logs.push({
        address: bytesToHexAddress20(contract),
        topics: [TRANSFER_TOPIC, pad32(bytesToHexAddress20(owner)), pad32(bytesToHexAddress20(to))],
        data: amount.toString(16).padStart(64, '0'),
      });
    }
    this.apply(effects, at);
    return {
      result,
      fee: netFee + energyFee,
      netUsage,
      netFee,
      energyUsage,
      energyPenalty,
      energyFee,
      returned: result === 'SUCCESS' ? token.transferReturns : '',
      logs,
      effects,
    };
  }
}

const pad32 = (hex: string) => hex.padStart(64, '0');

/** The 20 account bytes of an address, hex, as TRON logs write them (no 41 prefix). */
export const bytesToHexAddress20 = (address: string) => bytesToHex(addressBytes(address).subarray(1));

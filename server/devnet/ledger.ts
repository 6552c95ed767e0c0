/**
 * The devnet's world state and how a transaction changes it: TRX balances of accounts, TRC-20 token
 * balances, and the fees TRON charges — bandwidth (free 600 per account per day, else burnt at
 * 1,000 sun a byte), 1 TRX to create an account by sending it TRX, and energy for contract calls
 * burnt at the energy price within the caller's fee limit. A TRC-20 transfer's energy follows
 * mainnet USDT: about 14,650 to a holder, 29,650 to an address with no balance yet.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { must } from '../../src/lib/must';
import { addressBytes } from './transaction';

export const SUN = 1_000_000n;
export const FREE_BANDWIDTH = 600;
export const BANDWIDTH_PRICE_SUN = 1000n;
export const CREATE_ACCOUNT_FEE_SUN = SUN;
export const ENERGY_PRICE_SUN = 100n;
export const MAX_FEE_LIMIT_SUN = 15_000n * SUN;
const ENERGY_TO_HOLDER = 14_650n;
const ENERGY_TO_NEW_HOLDER = 29_650n;
const ENERGY_REVERT = 1_000n;
const DAY_MS = 86_400_000;

export interface Token {
  symbol: string;
  name: string;
  decimals: number;
  /** Base58 contract address. */
  address: string;
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
  energyFee: bigint;
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

  addToken(token: Omit<Token, 'balances'>) {
    this.tokens.set(token.address, { ...token, balances: new Map() });
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
    const { netUsage, netFee } = this.bandwidth(owner, size, at);
    const fee = netFee + (creates ? CREATE_ACCOUNT_FEE_SUN : 0n);
    if (balance < amount + fee)
      throw new Refused('CONTRACT_VALIDATE_ERROR', `Validate TransferContract error, balance is not sufficient.`);
    const effects: Effect[] = [
      [owner, null, String(-(amount + fee))],
      [to, null, String(amount)],
    ];
    this.apply(effects, at);
    return { result: 'SUCCESS', fee, netUsage, netFee, energyUsage: 0n, energyFee: 0n, logs: [], effects };
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
    const held = token.balances.get(owner) ?? 0n;
    const affordable = (feeLimit < trx ? feeLimit : trx) / ENERGY_PRICE_SUN;
    const wanted = held < amount ? ENERGY_REVERT : (token.balances.get(to) ?? 0n) > 0n ? ENERGY_TO_HOLDER : ENERGY_TO_NEW_HOLDER;
    const result = wanted > affordable ? 'OUT_OF_ENERGY' : held < amount ? 'REVERT' : 'SUCCESS';
    const energyUsage = result === 'OUT_OF_ENERGY' ? affordable : wanted;
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
    return { result, fee: netFee + energyFee, netUsage, netFee, energyUsage, energyFee, logs, effects };
  }
}

const pad32 = (hex: string) => hex.padStart(64, '0');

/** The 20 account bytes of an address, hex, as TRON logs write them (no 41 prefix). */
export const bytesToHexAddress20 = (address: string) => bytesToHex(addressBytes(address).subarray(1));

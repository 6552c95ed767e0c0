/**
 * The one door to the TRON network: a java-tron HTTP API (TronGrid, a node of one's own, or the
 * devnet — the gateway cannot tell which) reached through TronWeb. It builds withdrawals (a TRX
 * transfer, or a TRC-20 `transfer` call that TronWeb checks against what it asked for), has the hot
 * wallet sign them, broadcasts the signed bytes, and reads solidified receipts and blocks.
 */
import { TronWeb } from 'tronweb';
import { encodeTronAddress } from '../../../src/lib/tron/index';
import { dec } from '../common/decimal';
import type { TronConfig } from '../config-tron';
import type { HotWallet, Signer } from './keys';

/** A signed transaction in the HTTP API's JSON form: stored before it is broadcast, re-sent as is. */
export interface SignedTransaction {
  txID: string;
  raw_data: { expiration: number; [k: string]: unknown };
  raw_data_hex: string;
  signature: string[];
  visible?: boolean;
}

export type Broadcast = { ok: true } | { ok: false; code: string; message: string };

export interface Receipt {
  blockNumber: number;
  /** SUCCESS, or why the network did not execute it (REVERT, OUT_OF_ENERGY…). */
  result: string;
  /** TRX the sender burnt for bandwidth and energy, in sun. */
  feeSun: number;
}

/** A transfer of TRX or of a configured TRC-20 token found in a solidified block. */
export interface SeenTransfer {
  txId: string;
  /** -1 for a TRX transfer, else the index of the TRC-20 Transfer log in its transaction. */
  eventIndex: number;
  from: string;
  to: string;
  currency: string;
  /** Base units (sun, or the token's smallest unit), exact. */
  units: bigint;
}

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface ChainGateway {
  hotWallet: string;
  /** Builds and signs a payment, from the hot wallet unless `from` says otherwise; nothing is sent. */
  signPayment(p: { to: string; currency: string; amount: string; precision: number; from?: Signer }): Promise<SignedTransaction>;
  /** What an address holds now (latest block), in base units. */
  balanceOf(address: string, currency: string): Promise<bigint>;
  /** An address's TRX account now: whether the chain has it (a first TRX transfer creates it), and its balance in sun. */
  account(address: string): Promise<{ exists: boolean; balance: bigint }>;
  /**
   * The energy a TRC-20 transfer of `units` from `from` to `to` would burn now, the contract's
   * dynamic-energy penalty included: `wallet/estimateenergy`, or on a node that does not offer it a
   * simulated call's `energy_used`. Throws when the transfer would fail.
   */
  transferEnergy(p: { from: string; to: string; currency: string; units: bigint }): Promise<bigint>;
  /** What the chain charges now (`getchainparameters`), in sun: a unit of energy, and creating an account. */
  prices(): Promise<{ energySun: bigint; createAccountSun: bigint }>;
  broadcast(tx: SignedTransaction): Promise<Broadcast>;
  /**
   * Whether the solidified chain holds the transaction itself (`walletsolidity/gettransactionbyid`):
   * asked before a refund, since a node without transaction-info history, or one behind, answers
   * "no receipt" for a transaction that landed.
   */
  inSolidChain(txId: string): Promise<boolean>;
  /** The solidified receipt, or null while the transaction is not in a solidified block. */
  receipt(txId: string): Promise<Receipt | null>;
  /** The receipt from the latest blocks (solidified or not), or null while no block holds the transaction. */
  executed(txId: string): Promise<Receipt | null>;
  solidHead(): Promise<{ number: number; timestamp: number }>;
  /** The latest block, solidified or not. */
  head(): Promise<{ number: number; timestamp: number }>;
  /** Successful TRX and token transfers in a block: a solidified one, or with `solid` false any block the full node has. */
  transfersIn(blockNumber: number, solid?: boolean): Promise<SeenTransfer[]>;
}

const fromHex = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');
/** An address as base58: asked for with `visible`, but a node that ignores it answers 41-prefixed hex. */
const base58 = (address: string) =>
  /^41[0-9a-fA-F]{40}$/.test(address) ? encodeTronAddress(Buffer.from(address, 'hex')) : address;
const addressFromTopic = (topic: string) => encodeTronAddress(Buffer.from(`41${topic.slice(-40)}`, 'hex'));

interface BlockTx {
  txID: string;
  raw_data: { contract: Array<{ type: string; parameter: { value: unknown } }> };
  ret?: Array<{ contractRet?: string }>;
}
/** What java-tron says about a call it refused or that would fail. */
interface NodeCall {
  result?: { result?: boolean; code?: string; message?: string };
}
interface TxInfo {
  id: string;
  log?: Array<{ address: string; topics: string[]; data: string }>;
}

/** Decimal amount → base units as a string, exactly. */
export function baseUnits(amount: string, precision: number): string {
  return dec(amount).mul(dec(10).pow(precision)).toFixed(0);
}

export function createGateway(config: TronConfig, wallet: HotWallet, fullNode = config.fullNode): ChainGateway {
  if (!fullNode) throw new Error('no TRON node configured');
  const tronWeb = new TronWeb({
    fullNode,
    solidityNode: config.solidityNode ?? fullNode,
    eventServer: fullNode,
    ...(config.apiKey ? { headers: { 'TRON-PRO-API-KEY': config.apiKey } } : {}),
  });

  /** Configured token contracts by their 20-byte hex, as TRON logs name them. */
  const tokenByHex = new Map(
    Object.entries(config.contracts).map(([symbol, address]) => [TronWeb.address.toHex(address).slice(2).toLowerCase(), symbol]),
  );

  const withExpiration = async <T extends { raw_data: { expiration: number } }>(tx: T) =>
    tronWeb.transactionBuilder.extendExpiration(tx as never, config.expirationSeconds - 60, { txLocal: true }) as Promise<T>;

  return {
    hotWallet: wallet.address,

    async signPayment({ to, currency, amount, precision, from = wallet }) {
      const units = baseUnits(amount, precision);
      let unsigned: { txID: string; raw_data: { expiration: number } };
      if (currency === 'TRX') {
        unsigned = await tronWeb.transactionBuilder.sendTrx(to, Number(units), from.address);
      } else {
        const contract = config.contracts[currency];
        if (!contract) throw new Error(`no TRC-20 contract configured for ${currency}`);
        const built = await tronWeb.transactionBuilder.triggerSmartContract(
          contract,
          'transfer(address,uint256)',
          { feeLimit: config.feeLimitSun },
          [
            { type: 'address', value: to },
            { type: 'uint256', value: units },
          ],
          from.address,
        );
        if (!built.result?.result) throw new Error(`the node would not build the ${currency} transfer`);
        unsigned = built.transaction;
      }
      const tx = (await withExpiration(unsigned)) as unknown as SignedTransaction;
      return { ...tx, signature: [from.sign(tx.txID)] };
    },

    async balanceOf(address, currency) {
      if (currency === 'TRX') {
        const account = (await tronWeb.trx.getAccount(address)) as { balance?: number };
        return BigInt(account.balance ?? 0);
      }
      const contract = config.contracts[currency];
      if (!contract) throw new Error(`no TRC-20 contract configured for ${currency}`);
      const r = await tronWeb.transactionBuilder.triggerConstantContract(
        contract,
        'balanceOf(address)',
        {},
        [{ type: 'address', value: address }],
        address,
      );
      return BigInt(`0x${r.constant_result?.[0] || '0'}`);
    },

    async account(address) {
      const account = (await tronWeb.trx.getAccount(address)) as { address?: string; balance?: number };
      return { exists: account.address !== undefined, balance: BigInt(account.balance ?? 0) };
    },

    async transferEnergy({ from, to, currency, units }) {
      const contract = config.contracts[currency];
      if (!contract) throw new Error(`no TRC-20 contract configured for ${currency}`);
      const call = {
        owner_address: from,
        contract_address: contract,
        function_selector: 'transfer(address,uint256)',
        parameter: TronWeb.address.toHex(to).slice(2).padStart(64, '0') + units.toString(16).padStart(64, '0'),
        visible: true,
      };
      const estimated = (await tronWeb.fullNode.request('wallet/estimateenergy', call, 'post')) as NodeCall & {
        energy_required?: number;
      };
      if (typeof estimated.energy_required === 'number') return BigInt(estimated.energy_required);
      if (estimated.result?.code === 'CONTRACT_EXE_ERROR') throw new Error(`a ${currency} transfer from ${from} would fail`);
      // Nodes run without vm.estimateEnergy: a simulated call reports the energy it used.
      const simulated = (await tronWeb.fullNode.request('wallet/triggerconstantcontract', call, 'post')) as NodeCall & {
        energy_used?: number;
      };
      if (typeof simulated.energy_used !== 'number' || simulated.result?.message)
        throw new Error(`a ${currency} transfer from ${from} would fail: ${fromHex(simulated.result?.message ?? '')}`);
      return BigInt(simulated.energy_used);
    },

    async prices() {
      const { chainParameter = [] } = (await tronWeb.fullNode.request('wallet/getchainparameters', {}, 'post')) as {
        chainParameter?: Array<{ key: string; value?: number }>;
      };
      const param = (key: string) => {
        const value = chainParameter.find((p) => p.key === key)?.value;
        if (value === undefined) throw new Error(`the node did not report ${key}`);
        return BigInt(value);
      };
      return {
        energySun: param('getEnergyFee'),
        createAccountSun: param('getCreateAccountFee') + param('getCreateNewAccountFeeInSystemContract'),
      };
    },

    async broadcast(tx) {
      const r = (await tronWeb.trx.sendRawTransaction(tx as never)) as { result?: boolean; code?: string; message?: string };
      // The chain deduplicates by id: a re-sent transaction it already has is not an error.
      if (r.result || r.code === 'DUP_TRANSACTION_ERROR') return { ok: true };
      return { ok: false, code: r.code ?? 'UNKNOWN', message: r.message ? fromHex(r.message) : '' };
    },

    async inSolidChain(txId) {
      const tx = (await tronWeb.solidityNode.request('walletsolidity/gettransactionbyid', { value: txId }, 'post')) as {
        txID?: string;
      };
      return tx.txID === txId;
    },

    async receipt(txId) {
      return receiptOf(await tronWeb.trx.getTransactionInfo(txId));
    },

    async executed(txId) {
      return receiptOf(await tronWeb.fullNode.request('wallet/gettransactioninfobyid', { value: txId }, 'post'));
    },

    async transfersIn(num, solid = true) {
      const node = solid ? tronWeb.solidityNode : tronWeb.fullNode;
      const api = solid ? 'walletsolidity' : 'wallet';
      const [block, infos] = (await Promise.all([
        node.request(`${api}/getblockbynum`, { num, visible: true }, 'post'),
        node.request(`${api}/gettransactioninfobyblocknum`, { num }, 'post'),
      ])) as [{ transactions?: BlockTx[] }, TxInfo[] | Record<string, never>];
      const seen: SeenTransfer[] = [];
      for (const tx of block.transactions ?? []) {
        const c = tx.raw_data.contract[0];
        if (c?.type !== 'TransferContract' || tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
        const v = c.parameter.value as { owner_address: string; to_address: string; amount: number };
        seen.push({
          txId: tx.txID,
          eventIndex: -1,
          from: base58(v.owner_address),
          to: base58(v.to_address),
          currency: 'TRX',
          units: BigInt(v.amount),
        });
      }
      for (const info of Array.isArray(infos) ? infos : []) {
        (info.log ?? []).forEach((log, index) => {
          const currency = tokenByHex.get(log.address.toLowerCase());
          const [topic, fromTopic, toTopic, ...more] = log.topics;
          if (!currency || topic !== TRANSFER_TOPIC || !fromTopic || !toTopic || more.length > 0) return;
          seen.push({
            txId: info.id,
            eventIndex: index,
            from: addressFromTopic(fromTopic),
            to: addressFromTopic(toTopic),
            currency,
            units: BigInt(`0x${log.data || '0'}`),
          });
        });
      }
      return seen;
    },

    async solidHead() {
      return headerOf(await tronWeb.trx.getConfirmedCurrentBlock());
    },

    async head() {
      return headerOf(await tronWeb.trx.getCurrentBlock());
    },
  };
}

function receiptOf(answer: unknown): Receipt | null {
  const info = answer as { blockNumber?: number; fee?: number; result?: string; receipt?: { result?: string } };
  if (info.blockNumber === undefined) return null;
  const result = info.receipt?.result ?? (info.result === 'FAILED' ? 'FAILED' : 'SUCCESS');
  return { blockNumber: info.blockNumber, result, feeSun: info.fee ?? 0 };
}

function headerOf(block: unknown) {
  const raw = (block as { block_header: { raw_data: { number: number; timestamp: number } } }).block_header.raw_data;
  return { number: raw.number, timestamp: raw.timestamp };
}

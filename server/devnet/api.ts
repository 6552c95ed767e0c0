/**
 * The subset of java-tron's HTTP API (`/wallet/*`, `/walletsolidity/*`) a wallet uses, answered
 * from the devnet chain in java-tron's JSON shapes: blocks, transactions and their receipts, accounts,
 * building TRX transfers and TRC-20 calls, constant calls (a simulated `transfer` reports its energy,
 * as does `estimateenergy`), the chain's fee parameters, and broadcasting. Addresses come back in
 * the request's form (`visible`: base58, otherwise 41-prefixed hex), as java-tron returns them.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { must } from '../../src/lib/must';
import { type Block, type Chain, decodeTransferCall, encodeAddress } from './chain';
import { CREATE_ACCOUNT_BANDWIDTH_SUN, CREATE_ACCOUNT_FEE_SUN, ENERGY_PRICE_SUN } from './ledger';
import { addressBytes, encodeRawData, type RawDataJson, type TransactionJson, txIdOf } from './transaction';

type Body = Record<string, unknown>;
const utf8Hex = (text: string) => bytesToHex(new TextEncoder().encode(text));
const selectorOf = (signature: string) => bytesToHex(keccak_256(new TextEncoder().encode(signature))).slice(0, 8);
const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** An address in the form the request asked for. */
const shown = (address: string, visible: boolean) => (visible ? encodeAddress(address) : bytesToHex(addressBytes(address)));

function txInForm(tx: TransactionJson, visible: boolean): TransactionJson {
  const contract = tx.raw_data.contract.map((c) => {
    const value = { ...c.parameter.value } as Record<string, unknown>;
    for (const key of ['owner_address', 'to_address', 'contract_address'])
      if (typeof value[key] === 'string') value[key] = shown(value[key] as string, visible);
    return { ...c, parameter: { ...c.parameter, value } } as unknown as (typeof tx.raw_data.contract)[number];
  });
  return { ...tx, visible, raw_data: { ...tx.raw_data, contract } };
}

function blockJson(b: Block, visible: boolean, detail = true) {
  return {
    blockID: b.id,
    block_header: {
      raw_data: {
        number: b.number,
        txTrieRoot: b.txTrieRoot,
        witness_address: `41${'0'.repeat(40)}`,
        parentHash: b.parentHash,
        version: 30,
        timestamp: b.timestamp,
      },
    },
    ...(detail && b.txs.length ? { transactions: b.txs.map((t) => txInForm(t.tx, visible)) } : {}),
  };
}

function unsigned(raw: RawDataJson, visible: boolean): TransactionJson {
  const bytes = encodeRawData(raw);
  return { visible, txID: txIdOf(bytes), raw_data: raw, raw_data_hex: bytesToHex(bytes) };
}

/** Builds an unsigned TRX transfer as /wallet/createtransaction does. */
export function buildTrxTransfer(chain: Chain, owner: string, to: string, amount: bigint, visible = true): TransactionJson {
  return unsigned(
    {
      contract: [
        {
          parameter: {
            value: { amount: Number(amount), owner_address: shown(owner, visible), to_address: shown(to, visible) },
            type_url: 'type.googleapis.com/protocol.TransferContract',
          },
          type: 'TransferContract',
        },
      ],
      ...chain.refBlock(),
    },
    visible,
  );
}

/** Builds an unsigned contract call as /wallet/triggersmartcontract does. */
export function buildTrigger(chain: Chain, owner: string, contract: string, data: string, feeLimit: number, visible = true) {
  const { timestamp, ...ref } = chain.refBlock();
  return unsigned(
    {
      contract: [
        {
          parameter: {
            value: { data, owner_address: shown(owner, visible), contract_address: shown(contract, visible) },
            type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
          },
          type: 'TriggerSmartContract',
        },
      ],
      ...ref,
      timestamp,
      fee_limit: feeLimit,
    },
    visible,
  );
}

export const transferCallData = (to: string, amount: bigint) =>
  `${selectorOf('transfer(address,uint256)')}${bytesToHex(addressBytes(to).subarray(1)).padStart(64, '0')}${word(amount)}`;

function abiString(text: string) {
  const hex = utf8Hex(text);
  return word(32n) + word(BigInt(hex.length / 2)) + hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, '0');
}

function constantCall(chain: Chain, contract: string, selector: string, parameter: string): string | null {
  const token = chain.ledger.tokens.get(contract);
  if (!token) return null;
  switch (selector.replace(/\s/g, '')) {
    case 'balanceOf(address)': {
      const holder = encodeAddress(`41${parameter.slice(24, 64)}`);
      return word(chain.ledger.tokenBalance(contract, holder));
    }
    case 'decimals()':
      return word(BigInt(token.decimals));
    case 'symbol()':
      return abiString(token.symbol);
    case 'name()':
      return abiString(token.name);
    default:
      return null;
  }
}

const failure = (code: string, message: string) => ({ result: { code, message: utf8Hex(message) } });

/** A simulated `transfer(to, amount)` call: its energy (penalty included, as java-tron counts it), or why it would fail. */
function simulatedTransfer(chain: Chain, body: Body, contract: string) {
  const data =
    typeof body.data === 'string' ? body.data : selectorOf(String(body.function_selector ?? '')) + String(body.parameter ?? '');
  const call = decodeTransferCall(data);
  if (!call) return null;
  const energy = chain.ledger.transferEnergy(encodeAddress(String(body.owner_address)), contract, call.to, call.amount);
  return energy ? { energy: energy.base + energy.penalty, penalty: energy.penalty } : 'REVERT opcode executed';
}

/** Answers one API call; `solid` for /walletsolidity (only solidified blocks are visible). */
export function answer(chain: Chain, method: string, body: Body, solid: boolean): unknown {
  const visible = body.visible === true || body.visible === 'true';
  const limit = solid ? chain.solidNumber : chain.head.number;
  const block = (n: number) => (n <= limit ? chain.blocks[n] : undefined);
  const located = (id: unknown) => {
    const found = typeof id === 'string' ? chain.find(id) : undefined;
    return found && found.block !== null && found.block <= limit ? found.stored : undefined;
  };
  switch (method) {
    case 'getnowblock':
      return blockJson(must(chain.blocks[limit], `block ${limit}`), visible);
    case 'getblock': {
      const b = body.id_or_num === undefined ? chain.blocks[limit] : block(Number(body.id_or_num));
      return b ? blockJson(b, visible, body.detail === true) : {};
    }
    case 'getblockbynum': {
      const b = block(Number(body.num));
      return b ? blockJson(b, visible) : {};
    }
    case 'gettransactionbyid': {
      const t = typeof body.value === 'string' ? chain.find(body.value) : undefined;
      return t && (!solid || (t.block !== null && t.block <= limit)) ? txInForm(t.stored.tx, visible) : {};
    }
    case 'gettransactioninfobyid':
      return located(body.value)?.info ?? {};
    case 'gettransactioninfobyblocknum':
      return block(Number(body.num))?.txs.map((t) => t.info) ?? [];
    case 'getaccount': {
      const address = encodeAddress(String(body.address));
      const account = chain.ledger.account(address);
      return account
        ? { address: shown(address, visible), balance: Number(account.balance), create_time: account.createTime }
        : {};
    }
    case 'createtransaction':
      return buildTrxTransfer(chain, String(body.owner_address), String(body.to_address), BigInt(String(body.amount)), visible);
    case 'triggersmartcontract': {
      const contract = encodeAddress(String(body.contract_address));
      if (!chain.ledger.tokens.has(contract)) return failure('CONTRACT_VALIDATE_ERROR', 'No contract or not a smart contract');
      const data =
        typeof body.data === 'string' ? body.data : selectorOf(String(body.function_selector)) + String(body.parameter ?? '');
      const tx = buildTrigger(chain, String(body.owner_address), contract, data, Number(body.fee_limit ?? 0), visible);
      return { result: { result: true }, transaction: tx };
    }
    case 'triggerconstantcontract': {
      const contract = encodeAddress(String(body.contract_address));
      const transfer = simulatedTransfer(chain, body, contract);
      if (typeof transfer === 'string')
        return { result: { result: true, message: utf8Hex(transfer) }, energy_used: 1000, constant_result: [''] };
      if (transfer)
        return {
          result: { result: true },
          energy_used: Number(transfer.energy),
          energy_penalty: Number(transfer.penalty),
          constant_result: [chain.ledger.tokens.get(contract)?.transferReturns ?? ''],
        };
      const out = constantCall(chain, contract, String(body.function_selector ?? ''), String(body.parameter ?? ''));
      if (out === null) return failure('CONTRACT_VALIDATE_ERROR', 'No contract or unsupported call');
      return { result: { result: true }, energy_used: 0, constant_result: [out] };
    }
    case 'estimateenergy': {
      const contract = encodeAddress(String(body.contract_address));
      const transfer = simulatedTransfer(chain, body, contract);
      if (transfer === null) return failure('CONTRACT_VALIDATE_ERROR', 'No contract or unsupported call');
      if (typeof transfer === 'string') return failure('CONTRACT_EXE_ERROR', transfer);
      return { result: { result: true }, energy_required: Number(transfer.energy) };
    }
    case 'broadcasttransaction':
      return chain.broadcast(body as unknown as TransactionJson);
    case 'getchainparameters':
      return {
        chainParameter: [
          { key: 'getTransactionFee', value: 1000 },
          { key: 'getEnergyFee', value: Number(ENERGY_PRICE_SUN) },
          { key: 'getCreateAccountFee', value: Number(CREATE_ACCOUNT_BANDWIDTH_SUN) },
          { key: 'getCreateNewAccountFeeInSystemContract', value: Number(CREATE_ACCOUNT_FEE_SUN) },
        ],
      };
    case 'getnodeinfo':
      return { block: `Num:${chain.head.number},ID:${chain.head.id}`, solidityBlock: `Num:${chain.solidNumber}` };
    default:
      return undefined;
  }
}

/**
 * The devnet speaks the protocol the field's SDK speaks: TronWeb builds, checks, signs and
 * broadcasts against it exactly as against a java-tron node, and the chain applies TRON's rules.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_TOKENS, type Devnet, startDevnet } from './index';
import { CREATE_ACCOUNT_FEE_SUN, TRANSFER_TOPIC } from './ledger';
import { addressOfKey, signerOf, signTxId } from './transaction';

const USDT = DEVNET_TOKENS[0]!.address;
const key = (n: number) => n.toString(16).padStart(64, '0');
const ALICE = key(0xa11ce);
const BOB = key(0xb0b);
const alice = addressOfKey(hexToBytes(ALICE));
const bob = addressOfKey(hexToBytes(BOB));

let devnet: Devnet;
let tronWeb: TronWeb;
let dir: string;

/** Produces `n` blocks now (the timer is stopped so each test decides when blocks happen). */
const produce = (n = 1) => {
  for (let i = 0; i < n; i++) devnet.chain.produce();
};

async function sendToken(from: string, to: string, amount: number, feeLimit = 50_000_000) {
  const built = await tronWeb.transactionBuilder.triggerSmartContract(
    USDT,
    'transfer(address,uint256)',
    { feeLimit },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amount },
    ],
    addressOfKey(hexToBytes(from)),
  );
  const signed = await tronWeb.trx.sign(built.transaction, from);
  return { signed, sent: await tronWeb.trx.sendRawTransaction(signed) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tessera-devnet-'));
  devnet = await startDevnet({ blockMs: 60_000, solidAfter: 2, file: path.join(dir, 'blocks.jsonl') });
  devnet.chain.stop();
  tronWeb = new TronWeb({ fullHost: devnet.url });
  devnet.faucet(alice, '100');
  devnet.faucet(alice, '500', 'USDT');
  produce();
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the devnet, driven by TronWeb', () => {
  it('funds from the faucet in signed transactions, visible once solidified', async () => {
    expect(await tronWeb.trx.getBalance(alice)).toBe(100_000_000);
    const [trxTx] = devnet.chain.head.txs;
    expect(signerOf(trxTx!.tx.txID, trxTx!.tx.signature![0]!)).toBe(await devnetFaucet());
    const info = () => tronWeb.trx.getTransactionInfo(trxTx!.tx.txID);
    expect(await info()).toEqual({});
    produce(2);
    expect((await info()).blockNumber).toBe(devnet.chain.head.number - 2);
  });

  it('sends TRX built, signed and broadcast by TronWeb; the new account costs the sender 1 TRX', async () => {
    const built = await tronWeb.transactionBuilder.sendTrx(bob, 2_500_000, alice);
    const signed = await tronWeb.trx.sign(built, ALICE);
    const sent = await tronWeb.trx.sendRawTransaction(signed);
    expect(sent.result).toBe(true);
    expect(sent.transaction.txID).toBe(built.txID);
    produce(3);
    expect(await tronWeb.trx.getBalance(bob)).toBe(2_500_000);
    expect(await tronWeb.trx.getBalance(alice)).toBe(100_000_000 - 2_500_000 - Number(CREATE_ACCOUNT_FEE_SUN));
    const again = await tronWeb.trx.sendRawTransaction(signed);
    expect(again).toMatchObject({ result: false, code: 'DUP_TRANSACTION_ERROR' });
  });

  it('refuses a transaction not signed by its owner, and changes nothing', async () => {
    const built = await tronWeb.transactionBuilder.sendTrx(bob, 1_000_000, alice);
    // TronWeb will not sign with a key that is not the owner's: sign the id directly, as an attacker would.
    const forged = { ...built, signature: [signTxId(built.txID, hexToBytes(BOB))] };
    const before = await tronWeb.trx.getBalance(bob);
    expect(await tronWeb.trx.sendRawTransaction(forged)).toMatchObject({ result: false, code: 'SIGERROR' });
    produce(3);
    expect(await tronWeb.trx.getBalance(bob)).toBe(before);
  });

  it('runs a TRC-20 transfer: Transfer log, energy burnt from TRX, balances exact', async () => {
    const trxBefore = await tronWeb.trx.getBalance(alice);
    const { signed, sent } = await sendToken(ALICE, bob, 12_345_678);
    expect(sent.result).toBe(true);
    produce(3);
    const info = await tronWeb.trx.getTransactionInfo(signed.txID);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.log?.[0]?.topics[0]).toBe(TRANSFER_TOPIC);
    expect(info.receipt.energy_usage_total).toBe(29_650);
    expect(await tronWeb.trx.getBalance(alice)).toBe(trxBefore - (info.fee ?? 0));
    const balance = await tronWeb.transactionBuilder.triggerConstantContract(
      USDT,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: bob }],
      bob,
    );
    expect(BigInt(`0x${balance.constant_result[0]}`)).toBe(12_345_678n);
  });

  it('reverts a transfer beyond the balance (fee burnt, tokens unmoved) and stops at the fee limit', async () => {
    const { signed } = await sendToken(BOB, alice, 99_000_000);
    const { signed: starved } = await sendToken(ALICE, bob, 1, 100);
    produce(3);
    expect((await tronWeb.trx.getTransactionInfo(signed.txID)).receipt.result).toBe('REVERT');
    expect((await tronWeb.trx.getTransactionInfo(starved.txID)).receipt.result).toBe('OUT_OF_ENERGY');
    expect(devnet.chain.ledger.tokenBalance(USDT, bob)).toBe(12_345_678n);
  });

  it('refuses an expired transaction and one that references an unknown block', async () => {
    const built = await tronWeb.transactionBuilder.sendTrx(bob, 1, alice, {
      blockHeader: { ...devnet.chain.refBlock(), expiration: devnet.chain.head.timestamp - 1 },
    });
    expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(built, ALICE))).toMatchObject({
      code: 'TRANSACTION_EXPIRATION_ERROR',
    });
    const foreign = await tronWeb.transactionBuilder.sendTrx(bob, 1, alice, {
      blockHeader: { ...devnet.chain.refBlock(), ref_block_hash: 'ffffffffffffffff' },
    });
    expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(foreign, ALICE))).toMatchObject({ code: 'TAPOS_ERROR' });
  });

  it('replays its block log after a restart: same balances, same transactions', async () => {
    const again = await startDevnet({ blockMs: 60_000, solidAfter: 2, file: path.join(dir, 'blocks.jsonl') });
    try {
      again.chain.stop();
      expect(again.chain.head.id).toBe(devnet.chain.head.id);
      expect(again.chain.ledger.account(alice)?.balance).toBe(devnet.chain.ledger.account(alice)?.balance);
      expect(again.chain.ledger.tokenBalance(USDT, bob)).toBe(12_345_678n);
    } finally {
      await again.close();
    }
  });
});

async function devnetFaucet() {
  const info = (await (await fetch(`${devnet.url}/devnet/info`)).json()) as { faucet: string };
  return info.faucet;
}

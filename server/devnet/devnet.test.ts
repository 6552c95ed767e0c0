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
import { FAUCET_ADDRESS } from './chain';
import { MAINNET_ACCOUNT_CREATION, MAINNET_USDT_TRANSFER_INFO } from './fixtures/receipts';
import { DEVNET_TOKENS, type Devnet, startDevnet } from './index';
import { ENERGY_PRICE_SUN, TRANSFER_TOPIC } from './ledger';
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

  it('sends TRX built, signed and broadcast by TronWeb; the new account costs the sender 1.1 TRX, as on mainnet', async () => {
    const built = await tronWeb.transactionBuilder.sendTrx(bob, 2_500_000, alice);
    const signed = await tronWeb.trx.sign(built, ALICE);
    const freeBefore = devnet.chain.ledger.account(alice)!.freeNetUsed;
    const sent = await tronWeb.trx.sendRawTransaction(signed);
    expect(sent.result).toBe(true);
    expect(sent.transaction.txID).toBe(built.txID);
    produce(3);
    expect(await tronWeb.trx.getBalance(bob)).toBe(2_500_000);
    const info = await tronWeb.trx.getTransactionInfo(signed.txID);
    // The mainnet receipt of an account-creating transfer: 1 TRX + 0.1 TRX in place of bandwidth.
    expect({ fee: info.fee, net_fee: info.receipt.net_fee, net_usage: info.receipt.net_usage ?? 0 }).toEqual({
      fee: MAINNET_ACCOUNT_CREATION.fee,
      net_fee: MAINNET_ACCOUNT_CREATION.net_fee,
      net_usage: MAINNET_ACCOUNT_CREATION.net_usage,
    });
    expect(devnet.chain.ledger.account(alice)!.freeNetUsed, 'free bandwidth does not pay for an account').toBe(freeBefore);
    expect(await tronWeb.trx.getBalance(alice)).toBe(100_000_000 - 2_500_000 - MAINNET_ACCOUNT_CREATION.fee);
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

  it('estimates a USDT transfer as mainnet charges it: 130,285 energy to a new holder, 64,285 to a holder', async () => {
    const estimate = async (to: string, amount: number) =>
      (await (
        await fetch(`${devnet.url}/wallet/estimateenergy`, {
          method: 'POST',
          body: JSON.stringify({
            owner_address: alice,
            contract_address: USDT,
            function_selector: 'transfer(address,uint256)',
            parameter: `${'0'.repeat(24)}${tronWeb.address.toHex(to).slice(2)}${amount.toString(16).padStart(64, '0')}`,
            visible: true,
          }),
        })
      ).json()) as { energy_required?: number; result: { code?: string } };
    expect((await estimate(bob, 1)).energy_required).toBe(130_285);
    expect((await estimate(FAUCET_ADDRESS, 1)).energy_required).toBe(64_285);
    expect((await estimate(bob, 600_000_000)).result.code, 'beyond the balance it would revert').toBe('CONTRACT_EXE_ERROR');
    const simulated = await tronWeb.transactionBuilder.triggerConstantContract(
      USDT,
      'transfer(address,uint256)',
      {},
      [
        { type: 'address', value: bob },
        { type: 'uint256', value: 1 },
      ],
      alice,
    );
    expect(simulated.energy_used).toBe(130_285);
  });

  it('runs a TRC-20 transfer as mainnet USDT does: Transfer log, energy with its penalty, a zero contractResult', async () => {
    const trxBefore = await tronWeb.trx.getBalance(alice);
    const { signed, sent } = await sendToken(ALICE, bob, 12_345_678);
    expect(sent.result).toBe(true);
    produce(3);
    const info = await tronWeb.trx.getTransactionInfo(signed.txID);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.log?.[0]?.topics[0]).toBe(TRANSFER_TOPIC);
    expect(info.contractResult).toEqual(MAINNET_USDT_TRANSFER_INFO.contractResult);
    expect(info.receipt.energy_usage_total).toBe(130_285);
    expect(info.receipt.energy_penalty_total).toBe(100_635);
    expect(info.receipt.energy_fee).toBe(130_285 * Number(ENERGY_PRICE_SUN));
    expect(await tronWeb.trx.getBalance(alice)).toBe(trxBefore - (info.fee ?? 0));
    // The second transfer reaches a holder: the receipt mainnet wrote for one, at today's energy price.
    const again = await sendToken(ALICE, bob, 1);
    produce(3);
    const second = await tronWeb.trx.getTransactionInfo(again.signed.txID);
    const real = MAINNET_USDT_TRANSFER_INFO.receipt;
    expect([second.receipt.energy_usage_total, second.receipt.energy_penalty_total]).toEqual([
      real.energy_usage_total,
      real.energy_penalty_total,
    ]);
    const balance = await tronWeb.transactionBuilder.triggerConstantContract(
      USDT,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: bob }],
      bob,
    );
    expect(BigInt(`0x${balance.constant_result[0]}`)).toBe(12_345_679n);
  });

  it('reverts a transfer beyond the balance (fee burnt, tokens unmoved) and stops at the fee limit', async () => {
    const { signed } = await sendToken(BOB, alice, 99_000_000);
    const { signed: starved } = await sendToken(ALICE, bob, 1, 100);
    produce(3);
    expect((await tronWeb.trx.getTransactionInfo(signed.txID)).receipt.result).toBe('REVERT');
    expect((await tronWeb.trx.getTransactionInfo(starved.txID)).receipt.result).toBe('OUT_OF_ENERGY');
    expect(devnet.chain.ledger.tokenBalance(USDT, bob)).toBe(12_345_679n);
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

  it('drops an accepted transaction before a block holds it: its effects undone, never found, broadcast again later', async () => {
    const before = await tronWeb.trx.getBalance(bob);
    const signed = await tronWeb.trx.sign(await tronWeb.transactionBuilder.sendTrx(bob, 700_000, alice), ALICE);
    expect((await tronWeb.trx.sendRawTransaction(signed)).result).toBe(true);
    const drop = await fetch(`${devnet.url}/devnet/drop`, { method: 'POST', body: JSON.stringify({ txid: signed.txID }) });
    expect(await drop.json()).toEqual({ dropped: signed.txID });
    produce(3);
    expect(await tronWeb.trx.getBalance(bob)).toBe(before);
    expect(await tronWeb.trx.getTransaction(signed.txID).catch(() => null)).toBeNull();
    expect((await tronWeb.trx.sendRawTransaction(signed)).result, 'the same bytes are accepted again').toBe(true);
    produce(3);
    expect(await tronWeb.trx.getBalance(bob)).toBe(before + 700_000);
  });

  it('forks: unsolidified blocks give way to a longer branch without their transactions; solidified ones stay', async () => {
    const bobBefore = devnet.chain.ledger.tokenBalance(USDT, bob);
    const aliceTrx = await tronWeb.trx.getBalance(alice);
    const { signed } = await sendToken(ALICE, bob, 4_000_000);
    produce();
    const replaced = devnet.chain.head;
    expect(devnet.chain.find(signed.txID)?.block).toBe(replaced.number);
    const fork = await fetch(`${devnet.url}/devnet/fork`, { method: 'POST', body: JSON.stringify({ depth: 1 }) });
    expect(await fork.json()).toEqual({ removed: [signed.txID], head: replaced.number + 1 });
    expect(devnet.chain.blocks[replaced.number]!.id).not.toBe(replaced.id);
    expect(devnet.chain.find(signed.txID)).toBeUndefined();
    expect(await tronWeb.trx.getTransactionInfo(signed.txID)).toEqual({});
    expect(devnet.chain.ledger.tokenBalance(USDT, bob)).toBe(bobBefore);
    expect(await tronWeb.trx.getBalance(alice), 'the fee burnt on the lost branch is back').toBe(aliceTrx);
    expect(() => devnet.chain.fork(3), 'a solidified block never changes').toThrow(/unsolidified/);
  });

  it('replays its block log after a restart: same balances, same transactions', async () => {
    const again = await startDevnet({ blockMs: 60_000, solidAfter: 2, file: path.join(dir, 'blocks.jsonl') });
    try {
      again.chain.stop();
      expect(again.chain.head.id).toBe(devnet.chain.head.id);
      expect(again.chain.ledger.account(alice)?.balance).toBe(devnet.chain.ledger.account(alice)?.balance);
      expect(again.chain.ledger.tokenBalance(USDT, bob)).toBe(12_345_679n);
    } finally {
      await again.close();
    }
  });
});

async function devnetFaucet() {
  const info = (await (await fetch(`${devnet.url}/devnet/info`)).json()) as { faucet: string };
  return info.faucet;
}

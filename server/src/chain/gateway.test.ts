/**
 * The gateway reads what a mainnet node answers: a node replaying recorded mainnet responses (the
 * only kind of node these machines can reach is the devnet, which the chain-* suites drive).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINNET_USDT_TRANSFER_INFO, MAINNET_USDT_TRANSFER_PARTIES } from '../../devnet/fixtures/receipts';
import { MAINNET_TRX_TRANSFER } from '../../devnet/fixtures/transactions';
import { loadConfig } from '../config';
import { createGateway } from './gateway';
import { hotWallet } from './keys';

/** Answers by path; the requests it saw are kept. */
function replayingNode(answers: Record<string, unknown>) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://node').pathname;
    seen.push(path);
    res.writeHead(path in answers ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answers[path] ?? { Error: `${path} not recorded` }));
  });
  return { server, seen };
}

describe('the gateway against recorded mainnet answers', () => {
  let node: ReturnType<typeof replayingNode>;
  let url: string;
  beforeAll(async () => {
    node = replayingNode({
      // Block 62258698 as a node lists it without `visible`: 41-prefixed hex addresses.
      '/walletsolidity/getblockbynum': {
        blockID: '0'.repeat(64),
        transactions: [{ ...MAINNET_TRX_TRANSFER, ret: [{ contractRet: 'SUCCESS' }] }],
      },
      '/walletsolidity/gettransactioninfobyblocknum': [MAINNET_USDT_TRANSFER_INFO],
      // A node run without vm.estimateEnergy, as java-tron's default configuration is.
      '/wallet/estimateenergy': {
        result: { code: 'OTHER_ERROR', message: Buffer.from('this node does not support estimate energy').toString('hex') },
      },
      '/wallet/triggerconstantcontract': {
        result: { result: true },
        energy_used: 64_285,
        energy_penalty: 49_635,
        constant_result: ['0'.repeat(64)],
      },
      '/wallet/getchainparameters': {
        chainParameter: [
          { key: 'getEnergyFee', value: 100 },
          { key: 'getCreateAccountFee', value: 100_000 },
          { key: 'getCreateNewAccountFeeInSystemContract', value: 1_000_000 },
        ],
      },
    });
    await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => node.server.close(() => resolve())));

  const gateway = () => createGateway(loadConfig({}).tron, hotWallet('11'.repeat(32)), url);

  it('decodes real mainnet transfers exactly: TRX from the block, USDT from its receipt (zero contractResult notwithstanding)', async () => {
    expect(await gateway().transfersIn(MAINNET_USDT_TRANSFER_INFO.blockNumber)).toEqual([
      {
        txId: MAINNET_TRX_TRANSFER.txID,
        eventIndex: -1,
        from: 'TQ7pF3NTDL2Tjz5rdJ6ECjQWjaWHpLZJMH',
        to: 'TAVrrARNdnjHgCGMQYeQV7hv4PSu7mVsMj',
        currency: 'TRX',
        units: 5n,
      },
      {
        txId: MAINNET_USDT_TRANSFER_INFO.id,
        eventIndex: 0,
        from: MAINNET_USDT_TRANSFER_PARTIES.from,
        to: MAINNET_USDT_TRANSFER_PARTIES.to,
        currency: 'USDT',
        units: MAINNET_USDT_TRANSFER_PARTIES.units,
      },
    ]);
  });

  it('estimates energy by a simulated call on a node without estimateenergy, and reads the fees the chain charges', async () => {
    const g = gateway();
    const energy = await g.transferEnergy({
      from: MAINNET_USDT_TRANSFER_PARTIES.from,
      to: MAINNET_USDT_TRANSFER_PARTIES.to,
      currency: 'USDT',
      units: 5_000_000n,
    });
    expect(energy).toBe(64_285n);
    expect(node.seen.slice(-2)).toEqual(['/wallet/estimateenergy', '/wallet/triggerconstantcontract']);
    expect(await g.prices()).toEqual({ energySun: 100n, createAccountSun: 1_100_000n });
  });
});

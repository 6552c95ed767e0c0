// @vitest-environment node
/** Query keys and paging of the per-area modules; a few calls over a real socket. */
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../contract/money';
import { send, startTestServer, type TestServer } from '../test-support/http-test-server';
import { getPrizePoolStatus } from './activity';
import { configureApi, isApiError } from './client';
import { memberInfoQueryOptions, walletQueryOptions } from './member';
import { getTransaction, recordQueryOptions, recordsInfiniteQueryOptions, withdraw } from './money';
import { messageQueryOptions, unreadCountQueryOptions } from './notify';
import { nextPageParam, queryKeys } from './query-keys';

const record: TransactionRecord = {
  id: 'r1',
  type: 'deposit',
  direction: 'in',
  status: 'success',
  currency: 'USDT',
  network: 'TRC20',
  amount: '5',
  fee: '0',
  fromAddress: null,
  toAddress: null,
  txId: 'abc',
  reason: null,
  confirmations: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('query keys', () => {
  it('are domain-first', () => {
    expect(walletQueryOptions().queryKey).toEqual(['wallet']);
    expect(memberInfoQueryOptions().queryKey).toEqual(['member', 'info']);
    expect(recordsInfiniteQueryOptions({ tab: 'in' }).queryKey).toEqual(['records', 'list', { tab: 'in' }]);
    expect(recordsInfiniteQueryOptions({ tab: 'all', currency: 'USDT' }).queryKey).toEqual([
      'records',
      'list',
      { tab: 'all', currency: 'USDT' },
    ]);
    expect(recordQueryOptions('r1').queryKey).toEqual(['records', 'detail', 'r1']);
    expect(unreadCountQueryOptions().queryKey).toEqual(['notify', 'unread']);
    expect(messageQueryOptions('m1').queryKey).toEqual(['notify', 'detail', 'm1']);
  });

  it('let a whole domain be invalidated by prefix', async () => {
    const client = new QueryClient();
    client.setQueryData(recordsInfiniteQueryOptions({ tab: 'in' }).queryKey, { pages: [], pageParams: [] });
    client.setQueryData(recordQueryOptions('r1').queryKey, record);
    client.setQueryData(walletQueryOptions().queryKey, { name: 'w', address: 'T', activated: true, assets: [], updatedAt: '' });
    const records = client.getQueryCache().findAll({ queryKey: queryKeys.records.all });
    expect(records.map((q) => q.queryKey.slice(0, 2))).toEqual([
      ['records', 'list'],
      ['records', 'detail'],
    ]);
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.records.lists })).toHaveLength(1);
  });
});

describe('nextPageParam', () => {
  const page = (n: number, rows: number, total: number) => ({ list: Array(rows).fill(0), total, page: n, pageSize: 20 });

  it('advances while rows remain and stops at the end', () => {
    expect(nextPageParam(page(1, 20, 45))).toBe(2);
    expect(nextPageParam(page(2, 20, 45))).toBe(3);
    expect(nextPageParam(page(3, 5, 45))).toBeUndefined();
    expect(nextPageParam(page(2, 20, 40))).toBeUndefined();
    expect(nextPageParam(page(1, 0, 0))).toBeUndefined();
  });

  it('stops on an empty page even if total claims more', () => {
    expect(nextPageParam(page(4, 0, 1000))).toBeUndefined();
  });
});

describe('area functions over a real socket', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    configureApi({ baseUrl: server.baseUrl, getToken: () => 't' });
  });

  it('records infinite query fetches pages of 20, the next one after the last record shown', async () => {
    const ids = (page: number) => (page === 1 ? Array.from({ length: 20 }, (_, i) => String(60 - i)) : ['40']);
    server.handle((req, res) => {
      const page = Number(new URL(req.url, server.baseUrl).searchParams.get('page'));
      const list = ids(page).map((id) => ({ ...record, id }));
      send(res, 200, { code: 200, data: { list, total: 21, page, pageSize: 20 } });
    });
    const client = new QueryClient();
    const options = recordsInfiniteQueryOptions({ tab: 'in' });
    await client.fetchInfiniteQuery(options);
    await client.fetchInfiniteQuery({ ...options, pages: 2 });
    const data = client.getQueryData(options.queryKey);
    expect(data?.pages.map((p) => p.list.length)).toEqual([20, 1]);
    expect(server.requests.map((r) => r.url)).toContain(
      '/money/virtualCurrency/transaction/list?page=2&pageSize=20&tab=in&before=41',
    );

    // A list an earlier build saved has bare page numbers: it still refetches, the first page by number.
    server.requests.length = 0;
    const legacy = new QueryClient();
    legacy.setQueryData(options.queryKey, { pages: data?.pages ?? [], pageParams: [1, 2] as never[] });
    await legacy.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/money/virtualCurrency/transaction/list?page=1&pageSize=20&tab=in',
      '/money/virtualCurrency/transaction/list?page=2&pageSize=20&tab=in&before=41',
    ]);
  });

  it('getTransaction asks for one record by id and turns an empty page into 404', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { list: [record], total: 1, page: 1, pageSize: 1 } }));
    await expect(getTransaction('r1')).resolves.toEqual(record);
    expect(server.requests[0]?.url).toBe('/money/virtualCurrency/transaction/list?page=1&pageSize=1&tab=all&id=r1');

    server.handle((_req, res) => send(res, 200, { code: 200, data: { list: [], total: 0, page: 1, pageSize: 1 } }));
    const error = await getTransaction('nope').catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(404);
  });

  it('withdraw sends its idempotency key', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { ...record, type: 'withdraw', direction: 'out' } }));
    const body = { channelId: 'c1', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', amount: '1', tradePassword: '123456' };
    await withdraw(body, 'idem-1');
    expect(server.requests[0]?.headers['idempotency-key']).toBe('idem-1');
  });

  it('reads without inputs need no options', async () => {
    server.handle((_req, res) =>
      send(res, 200, { code: 200, data: { status: 'open', total: '100', remaining: '40', currency: 'TSR' } }),
    );
    await expect(getPrizePoolStatus()).resolves.toMatchObject({ status: 'open' });
  });
});

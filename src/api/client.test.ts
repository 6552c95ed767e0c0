// @vitest-environment node
/**
 * The request function against a real HTTP server over a real socket (Node's fetch). Node has no
 * XMLHttpRequest, so uploads here take the fetch path; upload-xhr.test.ts covers the XHR path.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import { closedPortUrl, send, startTestServer, type TestServer } from '../test-support/http-test-server';
import { type ApiError, call, configureApi, download, downloadFile, isApiError, serializeQuery, upload } from './client';

const member = {
  id: 'u1',
  account: 'a***@x.com',
  accountType: 'email',
  nickname: 'Ann',
  bio: '',
  avatar: null,
  socials: { line: null, instagram: null, telegram: null, x: null },
  inviteCode: 'ABCD1234',
  activated: true,
  tradePasswordSet: false,
  googleBound: false,
  withdrawalsPausedUntil: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const record = {
  id: 'r1',
  type: 'withdraw',
  direction: 'out',
  status: 'withdrawing',
  currency: 'USDT',
  network: 'TRC20',
  amount: '10.5',
  fee: '1',
  fromAddress: null,
  toAddress: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  txId: null,
  reason: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const withdrawBody = {
  channelId: 'c1',
  address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  amount: '10.5',
  tradePassword: '123456',
};

let server: TestServer;
let token: string | undefined;
const onUnauthorized = vi.fn();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  token = 'tok-1';
  onUnauthorized.mockReset();
  configureApi({
    baseUrl: server.baseUrl,
    getToken: () => token,
    getClientId: () => 'client-7',
    getLocale: () => 'zh_CN',
    onUnauthorized,
  });
});

/** Awaits a rejection and returns it as an ApiError (fails the test otherwise). */
async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isApiError(error)).toBe(true);
  return error as ApiError;
}

describe('call: success and headers', () => {
  it('unwraps data and sends client id, bearer token and content-language', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, msg: 'ok', data: member }));
    const data = await call(api.member.memberInfo);
    expect(data).toEqual(member);
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/member/memberInfo');
    expect(req?.headers['client-id']).toBe('client-7');
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(req?.headers['content-language']).toBe('zh_CN');
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends a JSON body with a JSON content type, and no Authorization without a token', async () => {
    token = undefined;
    server.handle((_req, res) => send(res, 200, { code: 200, data: { access_token: 't', client_id: 'c' } }));
    const body = { type: 'email' as const, email: 'a@b.co', password: 'pw' };
    await expect(call(api.auth.login, { body })).resolves.toEqual({ access_token: 't', client_id: 'c' });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers.authorization).toBeUndefined();
    expect(JSON.parse(req?.body.toString() ?? '')).toEqual(body);
  });

  it('sends the Idempotency-Key header when given', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: record }));
    await expect(call(api.money.withdraw, { body: withdrawBody, idempotencyKey: 'key-123' })).resolves.toEqual(record);
    expect(server.requests[0]?.headers['idempotency-key']).toBe('key-123');
  });

  it('refuses an idempotent endpoint without a key, as a programming error, before sending', async () => {
    const error = await call(api.money.withdraw, { body: withdrawBody }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('serializes the validated query (defaults applied, undefined skipped) and fills path params', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { list: [record], total: 1, page: 2, pageSize: 20 } }));
    await call(api.money.transactions, { query: { tab: 'in', page: 2, currency: undefined } });
    expect(server.requests[0]?.url).toBe('/money/virtualCurrency/transaction/list?page=2&pageSize=20&tab=in');

    server.handle((_req, res) =>
      send(res, 200, {
        code: 200,
        data: { type: 'privacy', title: 'P', content: 'c', lang: 'en_US', updatedAt: '2026-01-01T00:00:00Z' },
      }),
    );
    await call(api.misc.article, { params: { articleType: 'privacy' } });
    expect(server.requests[1]?.url).toBe('/article/getArticle/privacy');
  });

  it('treats a missing data field as null for endpoints that return nothing', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, msg: 'ok' }));
    await expect(call(api.auth.logout)).resolves.toBeNull();
  });

  it('tolerates a trailing slash on the base URL', async () => {
    configureApi({ baseUrl: `${server.baseUrl}/` });
    server.handle((_req, res) => send(res, 200, { code: 200, data: 3 }));
    await expect(call(api.notify.unread)).resolves.toBe(3);
    expect(server.requests[0]?.url).toBe('/notify/unread');
    expect(server.requests[0]?.headers['content-language']).toBe('en_US');
  });
});

describe('serializeQuery', () => {
  it('skips undefined and null, repeats arrays and encodes values', () => {
    expect(serializeQuery({ a: 1, b: undefined, c: null, d: ['x', 'y z'], e: 'ä&' })).toBe('?a=1&d=x&d=y+z&e=%C3%A4%26');
    expect(serializeQuery({ b: undefined })).toBe('');
    expect(serializeQuery(undefined)).toBe('');
  });
});

describe('call: request validation', () => {
  it('rejects an invalid body with 400 and sends nothing', async () => {
    const error = await apiError(call(api.auth.login, { body: { type: 'email', email: 'not-an-email', password: 'x' } }));
    expect(error.code).toBe(400);
    expect(error.status).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('rejects invalid query and params with 400 and sends nothing', async () => {
    expect((await apiError(call(api.money.transactions, { query: { page: 0 } }))).code).toBe(400);
    // @ts-expect-error: not an article type
    expect((await apiError(call(api.misc.article, { params: { articleType: 'secret' } }))).code).toBe(400);
    expect(server.requests).toHaveLength(0);
  });
});

describe('call: envelope and HTTP errors (SPEC §8)', () => {
  it('rejects a non-200 code with the server msg', async () => {
    server.handle((_req, res) => send(res, 200, { code: 2001, msg: 'Insufficient balance', data: null }));
    const error = await apiError(call(api.money.withdraw, { body: withdrawBody, idempotencyKey: 'k' }));
    expect([error.code, error.msg, error.status]).toEqual([2001, 'Insufficient balance', 200]);
  });

  it('rejects a non-200 code without msg with msg undefined (the app translates)', async () => {
    server.handle((_req, res) => send(res, 200, { code: 3001 }));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.msg]).toEqual([3001, undefined]);
  });

  it('keeps the envelope code of an HTTP error response', async () => {
    server.handle((_req, res) => send(res, 429, { code: 429, msg: 'slow down' }));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.msg, error.status]).toEqual([429, 'slow down', 429]);
  });

  it('falls back to the HTTP status when a 500 has no envelope', async () => {
    server.handle((_req, res) => send(res, 500, 'Internal Server Error', 'text/plain'));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.msg, error.status]).toEqual([500, undefined, 500]);
  });

  it('falls back to the HTTP status when JSON carries no code', async () => {
    server.handle((_req, res) => send(res, 502, { error: 'bad gateway' }));
    expect((await apiError(call(api.member.memberInfo))).code).toBe(502);
  });

  it('falls back to -1 for a non-JSON body on HTTP 200', async () => {
    server.handle((_req, res) => send(res, 200, '<html>captive portal</html>', 'text/html'));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.status]).toEqual([-1, 200]);
  });

  it('treats envelope code 200 on an HTTP error as the HTTP status', async () => {
    server.handle((_req, res) => send(res, 503, { code: 200, data: member }));
    expect((await apiError(call(api.member.memberInfo))).code).toBe(503);
  });

  it('rejects a malformed response data as -1 bad response', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { ...member, activated: 'yes' } }));
    const error = await apiError(call(api.member.memberInfo));
    expect(error.code).toBe(-1);
    expect(error.msg).toBeUndefined();
    expect(error.message).toMatch(/bad response/);
  });

  it('rejects a money amount sent as a number (amounts are strings)', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { ...record, amount: 10.5 } }));
    expect((await apiError(call(api.money.withdraw, { body: withdrawBody, idempotencyKey: 'k' }))).code).toBe(-1);
  });
});

describe('call: 401', () => {
  it('envelope code 401 calls onUnauthorized once and rejects with 401', async () => {
    server.handle((_req, res) => send(res, 200, { code: 401, msg: 'token expired' }));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.msg]).toEqual([401, 'token expired']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 without envelope calls onUnauthorized once and rejects with 401', async () => {
    server.handle((_req, res) => send(res, 401, 'Unauthorized', 'text/plain'));
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.status]).toEqual([401, 401]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a burst of parallel 401s once, and again after a new token', async () => {
    server.handle((_req, res) => send(res, 401, { code: 401 }));
    const errors = await Promise.all([1, 2, 3].map(() => apiError(call(api.member.memberInfo))));
    expect(errors.map((e) => e.code)).toEqual([401, 401, 401]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    token = 'tok-2';
    await apiError(call(api.member.memberInfo));
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});

describe('call: transport failures', () => {
  it('network failure (nothing listening) rejects with -1', async () => {
    configureApi({ baseUrl: await closedPortUrl() });
    const error = await apiError(call(api.member.memberInfo));
    expect([error.code, error.msg, error.status]).toEqual([-1, undefined, undefined]);
  });

  it('a response slower than timeoutMs rejects with 5', async () => {
    server.handle(() => {}); // never answers
    const error = await apiError(call(api.member.memberInfo, { timeoutMs: 50 }));
    expect(error.code).toBe(5);
    expect(server.requests).toHaveLength(1);
  });

  it("the caller's abort rejects with 600003", async () => {
    server.handle(() => {});
    const controller = new AbortController();
    const pending = call(api.member.memberInfo, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await apiError(pending)).code).toBe(600003);
  });

  it('an already aborted signal rejects with 600003 without sending', async () => {
    const error = await apiError(call(api.member.memberInfo, { signal: AbortSignal.abort() }));
    expect(error.code).toBe(600003);
    expect(server.requests).toHaveLength(0);
  });
});

describe('upload (fetch transport)', () => {
  const uploaded = { id: 'f1', mime: 'image/png', size: 4 };
  const file = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });

  it('posts multipart/form-data with a part named file and the auth headers', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: uploaded }));
    const onProgress = vi.fn();
    await expect(upload(api.misc.upload, file(), { onProgress })).resolves.toEqual(uploaded);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/file/upload');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(req?.headers['client-id']).toBe('client-7');
    expect(req?.headers['content-language']).toBe('zh_CN');
    const raw = req?.body.toString('latin1') ?? '';
    expect(raw).toContain('name="file"; filename="proof.png"');
    expect(raw).toContain('Content-Type: image/png');
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 4, total: 4 });
  });

  it('network error rejects with 602001', async () => {
    configureApi({ baseUrl: await closedPortUrl() });
    expect((await apiError(upload(api.misc.upload, file()))).code).toBe(602001);
  });

  it('server refusal keeps its code and msg; 401 reports once', async () => {
    server.handle((_req, res) => send(res, 413, { code: 4001, msg: 'too large' }));
    const error = await apiError(upload(api.misc.upload, file()));
    expect([error.code, error.msg, error.status]).toEqual([4001, 'too large', 413]);

    server.handle((_req, res) => send(res, 401, { code: 401 }));
    expect((await apiError(upload(api.misc.upload, file()))).code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('abort rejects with 600003 and timeout with 5', async () => {
    server.handle(() => {});
    expect((await apiError(upload(api.misc.upload, file(), { signal: AbortSignal.abort() }))).code).toBe(600003);
    expect((await apiError(upload(api.misc.upload, file(), { timeoutMs: 50 }))).code).toBe(5);
  });

  it('call() and upload() refuse the wrong kind of endpoint', async () => {
    await expect(call(api.misc.upload)).rejects.toThrow(/multipart/);
    await expect(upload(api.member.memberInfo, file())).rejects.toThrow(/not a multipart/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('download (binary endpoints)', () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('answers the bytes as a Blob of their type, with the auth headers', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(Buffer.from(bytes));
    });
    const blob = await download(api.misc.image, { params: { id: 'a'.repeat(32) } });
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    const [req] = server.requests;
    expect(req?.url).toBe(`/file/image/${'a'.repeat(32)}`);
    expect(req?.headers.authorization).toBe('Bearer tok-1');
  });

  it('sends a file endpoint its query, checked by the contract, and answers the headers with the bytes', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'X-Record-Count': '2' });
      res.end('\uFEFFa\r\nb\r\n');
    });
    const { blob, headers } = await downloadFile(api.money.exportRecords, { query: { from: '2026-01-01', to: '2026-02-01' } });
    expect(headers.get('x-record-count')).toBe('2');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(server.requests[0]?.url).toBe('/money/virtualCurrency/transaction/export?from=2026-01-01&to=2026-02-01');
    const refused = await apiError(downloadFile(api.money.exportRecords, { query: { from: '2026-1-1', to: '2026-02-01' } }));
    expect(refused.code).toBe(400);
    expect(server.requests).toHaveLength(1);
  });

  it('refusals keep the envelope code; 401 reports; a JSON "success" is not a file', async () => {
    server.handle((_req, res) => send(res, 200, { code: 404, msg: 'Image not found' }));
    const missing = await apiError(download(api.misc.image, { params: { id: 'b'.repeat(32) } }));
    expect([missing.code, missing.msg]).toEqual([404, 'Image not found']);

    token = 'tok-download';
    server.handle((_req, res) => send(res, 401, { code: 401 }));
    expect((await apiError(download(api.misc.image, { params: { id: 'b'.repeat(32) } }))).code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    server.handle((_req, res) => send(res, 200, { code: 200, data: null }));
    expect((await apiError(download(api.misc.image, { params: { id: 'b'.repeat(32) } }))).code).toBe(-1);
  });

  it('refuses a bad id before sending, and JSON endpoints', async () => {
    expect((await apiError(download(api.misc.image, { params: { id: '../secret' } }))).code).toBe(400);
    await expect(download(api.member.memberInfo, { params: undefined })).rejects.toThrow(/answers JSON/);
    expect(server.requests).toHaveLength(0);
  });
});

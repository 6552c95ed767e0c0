/**
 * The XMLHttpRequest upload path, in happy-dom (whose XHR goes over a real socket, with CORS
 * enforced from the page origin). happy-dom emits no upload progress events, so only the final
 * completion report of onProgress is observable here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import { closedPortUrl, send, startTestServer, type TestServer } from '../test-support/http-test-server';
import { type ApiError, configureApi, isApiError, upload } from './client';

let server: TestServer;
const onUnauthorized = vi.fn();
const file = () => new File([new Uint8Array([1, 2, 3, 4, 5, 6])], 'id-card.jpg', { type: 'image/jpeg' });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  onUnauthorized.mockReset();
  configureApi({
    baseUrl: server.baseUrl,
    getToken: () => 'tok-x',
    getClientId: () => 'client-x',
    getLocale: () => 'ja_JP',
    onUnauthorized,
    uploadTransport: 'xhr',
  });
});

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isApiError(error)).toBe(true);
  return error as ApiError;
}

describe('upload (XMLHttpRequest transport)', () => {
  it('is the transport picked by default where XMLHttpRequest exists', () => {
    expect(typeof XMLHttpRequest).toBe('function');
  });

  it('posts the file as multipart part "file" with the auth headers and reports completion', async () => {
    server.handle((_req, res) => send(res, 200, { code: 200, data: { id: 'f9', mime: 'image/jpeg', size: 6 } }));
    const onProgress = vi.fn();
    await expect(upload(api.misc.upload, file(), { onProgress })).resolves.toEqual({ id: 'f9', mime: 'image/jpeg', size: 6 });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.headers.authorization).toBe('Bearer tok-x');
    expect(req?.headers['client-id']).toBe('client-x');
    expect(req?.headers['content-language']).toBe('ja_JP');
    expect(req?.body.toString('latin1')).toContain('name="file"; filename="id-card.jpg"');
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 6, total: 6 });
  });

  it('network error rejects with 602001', async () => {
    configureApi({ baseUrl: await closedPortUrl(), uploadTransport: 'xhr' });
    const error = await apiError(upload(api.misc.upload, file()));
    expect([error.code, error.status]).toEqual([602001, undefined]);
  });

  it('a server refusal keeps code and msg; HTTP 500 without envelope falls back to the status', async () => {
    server.handle((_req, res) => send(res, 200, { code: 4002, msg: 'type not allowed' }));
    const refused = await apiError(upload(api.misc.upload, file()));
    expect([refused.code, refused.msg]).toEqual([4002, 'type not allowed']);

    server.handle((_req, res) => send(res, 500, 'oops', 'text/plain'));
    expect((await apiError(upload(api.misc.upload, file()))).code).toBe(500);
  });

  it('401 reports once', async () => {
    server.handle((_req, res) => send(res, 401, { code: 401, msg: 'expired' }));
    expect((await apiError(upload(api.misc.upload, file()))).code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('abort rejects with 600003 and timeout with 5', async () => {
    server.handle(() => {});
    const controller = new AbortController();
    const pending = upload(api.misc.upload, file(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await apiError(pending)).code).toBe(600003);
    expect((await apiError(upload(api.misc.upload, file(), { timeoutMs: 50 }))).code).toBe(5);
  });
});

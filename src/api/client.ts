/**
 * The one way the app talks to the API: `call` for JSON endpoints and `upload` for multipart ones.
 * It validates what it sends and what it receives against the shared contract, unwraps the
 * `{ code, msg, data }` envelope and turns every failure into an `ApiError` carrying a SPEC §8 code.
 * No React and no UI here: the app layer (via `configureApi`) turns errors into toasts and redirects.
 */
import type * as z from 'zod/mini';
import { type BodyOf, buildPath, type DataOf, type Endpoint, type ParamsOf, type QueryOf } from '../contract/endpoint';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { type ApiConfig, apiConfig, configureApi, onApiConfigured } from './config';
import { reportReachability } from './reachability';
import { sendFetch, sendXhr, withDeadline } from './transport';

// Configuration lives in its own small module: the app's entry chunk configures the API without
// loading the request code, which arrives with the first screen that calls it.
let config: ApiConfig = apiConfig();
onApiConfigured((next) => {
  config = next;
  unauthorizedToken = NOT_REPORTED;
});

export { ApiError, isApiError } from './api-error';
export { configureApi };

type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', BodyOf<E>> & {
    signal?: AbortSignal;
    /** Required by endpoints marked `idempotent`: a retry with the same key returns the first result. */
    idempotencyKey?: string;
    timeoutMs?: number;
  };

/** What the per-endpoint functions accept besides their inputs. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Options may be left out when the endpoint needs no params, query or body. */
type OptionalIfEmpty<O> = object extends O ? [options?: O] : [options: O];

/** Performs one JSON call and resolves with the validated `data` of the envelope. */
export async function call<E extends Endpoint>(endpoint: E, ...[options]: OptionalIfEmpty<CallOptions<E>>): Promise<DataOf<E>> {
  const opts: CallOptions<Endpoint> = options ?? {};
  if (endpoint.multipart) throw new Error(`${endpoint.path} is a multipart endpoint: use upload()`);
  if (endpoint.idempotent && !opts.idempotencyKey) {
    throw new Error(`${endpoint.method} ${endpoint.path} requires an idempotency key`);
  }
  const params = validate(endpoint.params, opts.params, 'params') as Record<string, string | number> | undefined;
  const query = validate(endpoint.query, opts.query, 'query') as Record<string, unknown> | undefined;
  const body = validate(endpoint.body, opts.body, 'body');
  const url = buildUrl(endpoint, params, query);

  const token = config.getToken() ?? undefined;
  const headers = baseHeaders(token);
  if (endpoint.body) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

  return withDeadline(opts.signal, opts.timeoutMs, ErrorCode.NETWORK, async (signal) => {
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: endpoint.body ? JSON.stringify(body) : undefined,
      signal,
    });
    const text = await response.text();
    return settle(endpoint, response.status, text, token);
  });
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Sends `file` as the multipart part named `file` and resolves with the validated `data`. */
export async function upload<E extends Endpoint>(endpoint: E, file: Blob, options: UploadOptions = {}): Promise<DataOf<E>> {
  if (!endpoint.multipart) throw new Error(`${endpoint.path} is not a multipart endpoint: use call()`);
  const url = buildUrl(endpoint, undefined, undefined);
  const token = config.getToken() ?? undefined;
  // No Content-Type: the platform sets multipart/form-data with its boundary.
  const headers = baseHeaders(token);
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  const size = file.size;
  const useXhr = config.uploadTransport === 'xhr' || (config.uploadTransport === 'auto' && typeof XMLHttpRequest !== 'undefined');

  return withDeadline(options.signal, options.timeoutMs, ErrorCode.UPLOAD_NETWORK, async (signal) => {
    const { status, text } = useXhr
      ? await sendXhr(url, headers, form, signal, options.onProgress)
      : await sendFetch(url, headers, form, signal);
    // Some platforms emit no upload progress for small bodies: always report completion.
    options.onProgress?.({ loaded: size, total: size });
    return settle(endpoint, status, text, token);
  });
}

/**
 * Fetches the bytes of a `binary` endpoint, with the response's headers. Failures are the same
 * ApiErrors as `call` gives (the server still answers errors in the envelope), including the 401
 * report.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  options: { params?: ParamsOf<E>; query?: QueryOf<E> } & RequestOptions,
): Promise<{ blob: Blob; headers: Headers }> {
  if (!endpoint.binary) throw new Error(`${endpoint.path} answers JSON: use call()`);
  const params = validate(endpoint.params, options.params, 'params') as Record<string, string | number> | undefined;
  const query = validate(endpoint.query, options.query, 'query') as Record<string, unknown> | undefined;
  const url = buildUrl(endpoint, params, query);
  const token = config.getToken() ?? undefined;
  const headers = { ...baseHeaders(token), Accept: '*/*' };
  return withDeadline(options.signal, options.timeoutMs, ErrorCode.NETWORK, async (signal) => {
    const response = await fetch(url, { headers, signal });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('json')) {
      const blob = await response.blob();
      reportReachability('reached');
      return { blob, headers: response.headers };
    }
    settle(endpoint, response.status, await response.text(), token);
    // An envelope that claims success carries no bytes.
    throw new ApiError(ErrorCode.NETWORK, undefined, response.status, `no file from ${endpoint.path}`);
  });
}

/** The bytes of a `binary` endpoint (downloadFile without the headers). */
export const download = async <E extends Endpoint>(endpoint: E, options: { params: ParamsOf<E> } & RequestOptions) =>
  (await downloadFile(endpoint, options)).blob;

// ---------------------------------------------------------------------------------------------
// Request building

function validate(schema: z.ZodMiniType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || part}: ${i.message}`).join('; ');
  throw new ApiError(ErrorCode.BAD_REQUEST, undefined, undefined, `invalid request ${part}: ${issues}`, { cause: result.error });
}

function buildUrl(
  endpoint: Endpoint,
  params: Record<string, string | number> | undefined,
  query: Record<string, unknown> | undefined,
) {
  const base = config.baseUrl.replace(/\/+$/, '');
  return `${base}${buildPath(endpoint.path, params)}${serializeQuery(query)}`;
}

/** `?a=1&b=x`, skipping undefined and null values; arrays repeat the key. */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function baseHeaders(token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'content-language': config.getLocale() };
  const clientId = config.getClientId();
  if (clientId) headers['client-id'] = clientId;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

// ---------------------------------------------------------------------------------------------
// Response: envelope rules of SPEC §8

const NOT_REPORTED = Symbol('not reported');
/** The token whose 401 was already reported, so a burst of parallel 401s reports once. */
let unauthorizedToken: string | undefined | typeof NOT_REPORTED = NOT_REPORTED;

function reportUnauthorized(token: string | undefined) {
  if (unauthorizedToken === token) return;
  unauthorizedToken = token;
  config.onUnauthorized();
}

interface LooseEnvelope {
  code: number | undefined;
  msg: string | undefined;
  data: unknown;
}

function parseEnvelope(text: string): LooseEnvelope | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  return {
    code: typeof record.code === 'number' && Number.isInteger(record.code) ? record.code : undefined,
    msg: typeof record.msg === 'string' && record.msg !== '' ? record.msg : undefined,
    data: record.data,
  };
}

function settle<E extends Endpoint>(endpoint: E, status: number, text: string, token: string | undefined): DataOf<E> {
  // Any response, a 5xx included, proves the server is reachable.
  reportReachability('reached');
  // A request sent with a new token re-arms the 401 report (a new session began).
  if (unauthorizedToken !== NOT_REPORTED && unauthorizedToken !== token) unauthorizedToken = NOT_REPORTED;

  const envelope = parseEnvelope(text);
  const httpOk = status >= 200 && status < 300;
  const code = envelope?.code ?? (httpOk ? ErrorCode.NETWORK : status);
  const msg = envelope?.msg;

  if (code === ErrorCode.UNAUTHORIZED || status === ErrorCode.UNAUTHORIZED) {
    reportUnauthorized(token);
    throw new ApiError(ErrorCode.UNAUTHORIZED, msg, status, 'unauthorized');
  }
  if (!envelope || envelope.code === undefined) {
    throw new ApiError(code, msg, status, httpOk ? 'bad response' : `HTTP ${status}`);
  }
  if (code !== ErrorCode.OK || !httpOk) {
    const error = new ApiError(code === ErrorCode.OK ? status : code, msg, status);
    error.data = envelope.data;
    throw error;
  }

  // `data` is optional in the envelope: a missing one counts as null (the `empty` schema).
  const result = endpoint.data.safeParse(envelope.data ?? null);
  if (!result.success) {
    throw new ApiError(ErrorCode.NETWORK, undefined, status, `bad response from ${endpoint.path}`, { cause: result.error });
  }
  return result.data as DataOf<E>;
}

/**
 * The transport under `call`, `upload` and `download`: one deadline for the caller's abort and the
 * timeout, SPEC §8 codes for transport failures, and the two ways of sending a multipart body.
 * Every failure without a response is reported as "unreachable", a timeout only when nothing else
 * answered meanwhile, and a request long unanswered as "stalled" (the online state listens).
 */
import { ErrorCode } from '../contract/errors';
import { ApiError, isApiError } from './api-error';
import type { UploadOptions } from './client';
import { reportReachability, reportTimeout, watchRequest } from './reachability';

/** SPEC §9: request, socket, upload and download timeouts are all 60 s. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Runs `send` with a signal that fires on the caller's abort or after the timeout, and maps
 * transport failures to SPEC §8 codes: abort 600003, timeout 5, anything else `networkCode`.
 */
export async function withDeadline<T>(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  networkCode: number,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (callerSignal?.aborted) throw new ApiError(ErrorCode.ABORTED, undefined, undefined, 'request aborted');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onAbort, { once: true });
  const watch = watchRequest();
  try {
    return await send(controller.signal);
  } catch (error) {
    if (isApiError(error)) throw error;
    if (callerSignal?.aborted) throw new ApiError(ErrorCode.ABORTED, undefined, undefined, 'request aborted', { cause: error });
    // No response at all: the server cannot be reached (whatever navigator.onLine says).
    if (timedOut) {
      reportTimeout(watch.sentAt);
      throw new ApiError(ErrorCode.TIMEOUT, undefined, undefined, 'request timed out', { cause: error });
    }
    reportReachability('unreachable');
    throw new ApiError(networkCode, undefined, undefined, 'network failure', { cause: error });
  } finally {
    watch.done();
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}

export interface RawResponse {
  status: number;
  text: string;
}

export async function sendFetch(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  signal: AbortSignal,
): Promise<RawResponse> {
  const response = await fetch(url, { method: 'POST', headers, body: form, signal });
  return { status: response.status, text: await response.text() };
}

export function sendXhr(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  signal: AbortSignal,
  onProgress: UploadOptions['onProgress'],
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new Error('upload network error')));
    xhr.addEventListener('abort', () => reject(new Error('upload aborted')));
    xhr.addEventListener('timeout', () => reject(new Error('upload timed out')));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

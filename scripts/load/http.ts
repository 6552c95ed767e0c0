/** The load clients' HTTP and the percentile they report. */
import { Agent, request as httpRequest } from 'node:http';
import type { Envelope } from '../../server/test-support/proc.ts';

/**
 * The clients' HTTP: node:http with a keep-alive agent, one socket per client (undici's fetch costs
 * more CPU than the server on a 2-core machine and skews the figures). Same result shape as `request`.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
export function http(
  url: string,
  method: 'GET' | 'POST',
  o: { token?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; json: Envelope } | { error: string }> {
  return new Promise((resolve) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        timeout: 60_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.key ? { 'idempotency-key': o.key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Envelope });
          } catch (e) {
            resolve({ error: `bad body: ${String(e)}` });
          }
        });
        res.on('error', (e) => resolve({ error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 60 s')));
    req.on('error', (e) => resolve({ error: e.message }));
    req.end(payload);
  });
}

/** The p-th percentile (nearest rank) of the samples, 0 when there are none. */
export const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * Test helper: a real HTTP server on 127.0.0.1 (ephemeral port) whose answer each test sets.
 * It records every request and answers CORS preflights, so both Node's fetch and happy-dom's
 * fetch/XMLHttpRequest (which enforce CORS from their page origin) reach it over a real socket.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (request: RecordedRequest, res: ServerResponse) => void;

export interface TestServer {
  baseUrl: string;
  /** Requests other than CORS preflights, oldest first. */
  requests: RecordedRequest[];
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
  'Access-Control-Allow-Headers': '*',
  'Cache-Control': 'no-store',
};

export function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => send(res, 404, { code: 404, msg: 'no handler' });
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: the port was bound, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

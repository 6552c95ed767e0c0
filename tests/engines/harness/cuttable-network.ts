/**
 * The network between one browser and the app's server, which a test can cut: a TCP relay on a
 * port of its own. Cut, it refuses new connections and drops the open ones, so the browser's
 * requests fail as they do when a phone loses its signal ("offline" is a request that failed).
 * WebDriver has no offline switch in WebKit or Firefox, and this is the same in every engine.
 *
 * Each relay is a new port, so each test's page is a new origin: nothing saved by an earlier test
 * (service worker, IndexedDB, cookies) is seen by the next one.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface CuttableNetwork {
  /** The app's origin as the browser sees it, e.g. http://127.0.0.1:41234. */
  origin: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableNetwork(serverPort: number): Promise<CuttableNetwork> {
  const open = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = createConnection({ host: '127.0.0.1', port: serverPort });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });

  let server = createServer(relay);
  const port = await listen(server, 0);
  let listening = true;
  return {
    origin: `http://127.0.0.1:${port}`,
    async cut() {
      if (!listening) return;
      listening = false;
      await stop(server);
    },
    async restore() {
      if (listening) return;
      server = createServer(relay);
      await listen(server, port);
      listening = true;
    },
    async close() {
      if (listening) await stop(server);
      listening = false;
    },
  };
}

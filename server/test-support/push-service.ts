/**
 * Test support: a Web Push service on a local https port, standing in for FCM / Mozilla / Apple
 * (which cannot be reached from here). It records what the server POSTs, checks the VAPID
 * signature (RFC 8292) and decrypts the payload with the subscriber's private key (RFC 8291 and
 * RFC 8188's aes128gcm, written out from the RFCs rather than with the library that encrypted it).
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, createVerify, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A certificate for 127.0.0.1 in a fresh directory (openssl is installed by scripts/setup-test-deps.sh). */
export function selfSignedCertificate(dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'))) {
  const keyFile = path.join(dir, 'push-key.pem');
  const certFile = path.join(dir, 'push-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ].concat(['-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'ignore' },
  );
  return { keyFile, certFile };
}

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Records every POST; a path listed in `answers` gets that status instead of 201. */
export async function startPushService(tls: { keyFile: string; certFile: string }, port = 0) {
  const deliveries: Delivery[] = [];
  const answers = new Map<string, number>();
  const listeners = new Set<(d: Delivery) => void>();
  const server = createServer({ key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      deliveries.push(d);
      for (const l of listeners) l(d);
      res.writeHead(answers.get(d.path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    ca: readFileSync(tls.certFile, 'utf8'),
    deliveries,
    answers,
    /** Calls `listener` with every delivery from now on. */
    onDelivery: (listener: (d: Delivery) => void) => listeners.add(listener),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
export interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
}

export function makeSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** The subscriber whose private key (`d`, base64url) and auth secret a page made with WebCrypto. */
export function subscriberFrom(privateKey: string, auth: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { ecdh, auth: Buffer.from(auth, 'base64url') };
}

/** Decrypts one aes128gcm push message (a single record) as a browser does. */
export function decryptPush(body: Buffer, sub: Subscriber): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/**
 * The VAPID claims of a delivery, once its signature is checked against `publicKey` (base64url
 * P-256 point); throws when the header is missing, names another key or the signature is wrong.
 */
export function verifiedVapidClaims(headers: IncomingHttpHeaders, publicKey: string): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  if (!m) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [, jwt = '', k] = m;
  if (k !== publicKey) throw new Error('signed with another key');
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const verify = createVerify('SHA256');
  verify.update(`${head}.${claims}`);
  if (!verify.verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('bad VAPID signature');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

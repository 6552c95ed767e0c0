/**
 * Test support: a software passkey authenticator, as a phone's would answer (ES256, "none"
 * attestation, a resident credential with user verification). It speaks WebAuthn's JSON, so the
 * server's real verification (@simplewebauthn/server) checks what it makes; the browser tests use
 * Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** WebAuthn's authenticator-data flags. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface SoftAuthenticatorOptions {
  origin: string;
  rpId: string;
  /** Leave out user verification (a bare touch), which the server must refuse. */
  withoutUserVerification?: boolean;
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function softAuthenticator(opts: SoftAuthenticatorOptions) {
  const flags = UP | (opts.withoutUserVerification ? 0 : UV);
  return {
    /** Answers creation options (`navigator.credentials.create`) with a new credential. */
    create(options: Record<string, unknown>): { response: Record<string, unknown>; credential: SoftCredential } {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
      const data = authData(opts.rpId, flags | AT, 0, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      const user = options.user as { id: string };
      return {
        credential: { id, privateKey, publicKey, userHandle: user.id, counter: 0 },
        response: {
          id: b64url(id),
          rawId: b64url(id),
          type: 'public-key',
          response: {
            clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string, opts.origin)),
            attestationObject: b64url(attestationObject),
            transports: ['internal', 'hybrid'],
          },
          clientExtensionResults: {},
          authenticatorAttachment: 'platform',
        },
      };
    },
    /** Answers request options (`navigator.credentials.get`) with an assertion by `credential`. */
    get(credential: SoftCredential, challenge: string): Record<string, unknown> {
      credential.counter += 1;
      const data = authData(opts.rpId, flags, credential.counter);
      const client = clientData('webauthn.get', challenge, opts.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

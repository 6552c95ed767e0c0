/**
 * Solves a share of a code request's proof-of-work challenge off the main thread, speaking
 * altcha-lib's worker protocol (see human-check.ts) with the browser's WebCrypto SHA-256.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });

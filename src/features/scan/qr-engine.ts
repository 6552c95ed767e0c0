/**
 * Loads qr-scanner lazily and points it at our same-origin decoding worker (see qr-decode.worker.ts).
 * Only the scan screen imports this, so neither library reaches the entry chunk.
 */
import type QrScannerType from 'qr-scanner';

export type QrScanner = QrScannerType;

export const createQrWorker = () => new Worker(new URL('./qr-decode.worker.ts', import.meta.url), { type: 'module' });

let loaded: Promise<typeof QrScannerType> | null = null;

export function loadQrScanner(): Promise<typeof QrScannerType> {
  loaded ??= import('qr-scanner').then((m) => {
    const Scanner = m.default;
    // Every scanner gets our worker instead of the blob: worker the CSP would refuse.
    (Scanner as unknown as { createQrEngine: () => Promise<Worker> }).createQrEngine = async () => createQrWorker();
    return Scanner;
  });
  return loaded;
}

/** Decodes a QR code in an image file; null when there is none. */
export async function scanImageFile(file: File): Promise<string | null> {
  const Scanner = await loadQrScanner();
  const worker = createQrWorker();
  try {
    const result = await Scanner.scanImage(file, { qrEngine: worker, returnDetailedScanResult: true });
    return result.data;
  } catch {
    return null;
  } finally {
    worker.terminate();
  }
}

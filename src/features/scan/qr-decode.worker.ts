/**
 * QR decoding off the main thread with jsQR, speaking qr-scanner's worker protocol. qr-scanner's
 * own engine is a worker built from a blob: URL, which the app's CSP (worker-src 'self') refuses,
 * so this same-origin worker stands in for it.
 */
import jsQR from 'jsqr';

interface DecodeMessage {
  id: number;
  type: string;
  data: { data: Uint8ClampedArray; width: number; height: number } | unknown;
}
type Inversion = 'attemptBoth' | 'dontInvert' | 'onlyInvert' | 'invertFirst';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeMessage>) => void) | null;
  postMessage: (message: unknown) => void;
  close: () => void;
};
let inversionAttempts: Inversion = 'attemptBoth';

scope.onmessage = (event) => {
  const { id, type, data } = event.data;
  if (type === 'decode') {
    const image = data as { data: Uint8ClampedArray; width: number; height: number };
    const result = jsQR(image.data, image.width, image.height, { inversionAttempts });
    scope.postMessage(
      result
        ? {
            id,
            type: 'qrResult',
            data: result.data,
            cornerPoints: [
              result.location.topLeftCorner,
              result.location.topRightCorner,
              result.location.bottomRightCorner,
              result.location.bottomLeftCorner,
            ],
          }
        : { id, type: 'qrResult', data: null },
    );
  } else if (type === 'inversionMode') {
    const mode = data as string;
    inversionAttempts = mode === 'original' ? 'dontInvert' : mode === 'invert' ? 'onlyInvert' : 'attemptBoth';
  } else if (type === 'close') {
    scope.close();
  }
};

/**
 * What the join form accepts as a screenshot: JPEG, PNG or WebP. Photos up to 20 MB are taken and
 * shrunk in the browser (longest side 1600 px, JPEG 0.85) before upload; the server takes 5 MB.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_SIDE_PX = 1600;
export const JPEG_QUALITY = 0.85;
export const MAX_IMAGES = 3;

export type ImageProblem = 'type' | 'size';

export function imageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size <= 0 || file.size > MAX_INPUT_BYTES) return 'size';
  return null;
}

/** Dimensions that fit within `maxSide` on the longest side, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE_PX): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Shrink when the picture is larger than needed or than the server accepts. */
export const needsDownscale = (width: number, height: number, bytes: number) =>
  Math.max(width, height) > MAX_SIDE_PX || bytes > MAX_UPLOAD_BYTES;

/** The partner-exchange user ID, as the contract accepts it. */
export const isPartnerUid = (text: string) => /^[A-Za-z0-9_-]{4,32}$/.test(text);

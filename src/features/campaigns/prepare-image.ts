/**
 * Shrinks a large photo in a canvas before upload (longest side 1600 px, JPEG 0.85), so a 12 MP
 * camera picture becomes a few hundred KB. Small images are sent as they are.
 */
import { fitWithin, JPEG_QUALITY, MAX_UPLOAD_BYTES, needsDownscale } from './image-rules';

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

export class ImageTooLargeError extends Error {}

export async function prepareImage(file: File): Promise<Blob> {
  const image = await decode(file);
  try {
    if (!needsDownscale(image.width, image.height, file.size)) return file;
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImageTooLargeError('no 2d context');
    // JPEG has no alpha: paint white under transparent PNG areas instead of black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(image.source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || blob.size > MAX_UPLOAD_BYTES) throw new ImageTooLargeError('still too large');
    const name = file.name.replace(/\.[^.]+$/, '') || 'image';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg' });
  } finally {
    image.close();
  }
}

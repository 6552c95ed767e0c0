/**
 * The "save image" picture of the receive screen: a PNG with the QR code, the asset, the network
 * and the full address, drawn on a canvas and downloaded through an <a download>.
 */
export interface ReceiveImageText {
  title: string;
  network: string;
  address: string;
  note: string;
}

const W = 720;
const H = 980;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('QR image failed to load'));
    img.src = src;
  });
}

export async function renderReceiveImage(qrDataUrl: string, text: ReceiveImageText): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#111827';
  ctx.textAlign = 'center';
  ctx.font = '600 40px system-ui, sans-serif';
  ctx.fillText(text.title, W / 2, 84);
  ctx.font = '28px system-ui, sans-serif';
  ctx.fillStyle = '#4b5563';
  ctx.fillText(text.network, W / 2, 132);
  const qr = await loadImage(qrDataUrl);
  const size = 480;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, (W - size) / 2, 168, size, size);
  ctx.fillStyle = '#111827';
  ctx.font = '30px ui-monospace, Menlo, Consolas, monospace';
  const half = Math.ceil(text.address.length / 2);
  ctx.fillText(text.address.slice(0, half), W / 2, 720);
  ctx.fillText(text.address.slice(half), W / 2, 762);
  ctx.font = '24px system-ui, sans-serif';
  ctx.fillStyle = '#92400e';
  ctx.fillText(text.note, W / 2, 840, W - 60);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}

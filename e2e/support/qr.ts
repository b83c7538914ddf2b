import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Decodes the QR image on the page: drawn on a canvas in the page (the page's own pixels, as a
 * phone camera would see them), read by jsQR here.
 */
export async function decodeQr(page: Page, imageName: RegExp): Promise<string> {
  const image = page.getByRole('img', { name: imageName });
  await expect(image).toBeVisible();
  const { width, height, rgba } = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = 480;
    const canvas = document.createElement('canvas');
    canvas.width = size + 80;
    canvas.height = size + 80;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 40, 40, size, size);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    let binary = '';
    for (let i = 0; i < pixels.data.length; i += 0x8000) {
      binary += String.fromCharCode(...pixels.data.subarray(i, i + 0x8000));
    }
    return { width: pixels.width, height: pixels.height, rgba: btoa(binary) };
  });
  const decoded = jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), width, height);
  expect(decoded?.data, 'a QR code on the page').toBeTruthy();
  return decoded!.data;
}

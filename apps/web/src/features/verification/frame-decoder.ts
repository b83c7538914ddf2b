/**
 * Reads QR codes from camera frames: the browser's own BarcodeDetector when it has one (Chrome on
 * Android, for example), otherwise jsQR, fetched only now — when someone pressed "Scan" on a
 * browser without a detector — so it never weighs on the page's first load.
 */

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | undefined>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<FrameDecoder | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('qr_code')) return undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  } catch {
    return undefined;
  }
}

/** Frames are scaled down to this many pixels on their longer side before jsQR reads them. */
const MAX_SIDE = 720;

async function jsqrDecoder(): Promise<FrameDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0 || video.videoHeight === 0) return undefined;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
  };
}

/** The best decoder this browser offers. */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsqrDecoder();
}

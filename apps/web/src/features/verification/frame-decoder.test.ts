import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameDecoder } from './frame-decoder';

afterEach(() => vi.unstubAllGlobals());

describe('createFrameDecoder', () => {
  it("uses the browser's BarcodeDetector for QR codes when it has one", async () => {
    const detect = vi.fn(async () => [{ rawValue: 'https://x/e-verify?code=a.b.c' }]);
    class FakeDetector {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      constructor(readonly options: { formats: string[] }) {}
      detect = detect;
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    const decode = await createFrameDecoder();
    const video = document.createElement('video');
    expect(await decode(video)).toBe('https://x/e-verify?code=a.b.c');
    expect(detect).toHaveBeenCalledWith(video);
  });

  it('falls back to jsQR when the detector cannot read QR codes, and reads nothing from an empty frame', async () => {
    vi.stubGlobal('BarcodeDetector', { getSupportedFormats: async () => ['ean_13'] });
    const decode = await createFrameDecoder();
    expect(await decode(document.createElement('video'))).toBeUndefined();
  });
});

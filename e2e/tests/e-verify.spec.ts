import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
// A link's path and query: the e2e server's public URL is this origin.
import { pathAndQuery as local } from '../../apps/server/test/support/links';
import { expectNoAxeViolations } from '../support/axe';
import { E2E_BASE_URL } from '../support/ports';

/**
 * E-Verify in the browser, on the demo records (KAUNTI_DEMO_DATA is on in the e2e server): the
 * server lists their links at /api/verify/samples — the same links their QR codes hold.
 */

const PORTAL = 'Nairobi City County e-Services';

interface Samples {
  documents: { kind: string; number: string; status: string; url: string; short_code: string }[];
  staff: { staff_no: string; status: string; url: string }[];
  identities: { id_number: string; status: string; url: string }[];
}

let samples: Samples;

test.beforeAll(async ({ request }) => {
  const response = await request.get('/api/verify/samples');
  expect(response.ok()).toBe(true);
  samples = await response.json();
});

const documentSample = (status: string) => samples.documents.find((d) => d.status === status)!;

async function expectVerdict(page: Page, title: string) {
  const result = page.getByTestId('verify-result');
  await expect(result.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return result;
}

test.describe('E-Verify', () => {
  test('a QR link opens the check at once: a genuine receipt with its facts, the holder masked', async ({
    page,
  }) => {
    const receipt = samples.documents.find((d) => d.kind === 'receipt' && d.status === 'valid')!;
    await page.goto(local(receipt.url));
    await expect(page).toHaveTitle(`E-Verify | ${PORTAL}`);
    const result = await expectVerdict(page, 'Genuine document');
    await expect(result).toContainText('issued by Nairobi City County and is in force');
    await expect(result).toContainText(receipt.number);
    await expect(result).toContainText('W****** M*** K******');
    await expect(result).toContainText('KES 300.00');
    await expect(result).not.toContainText('Wanjiku');
    await expectNoAxeViolations(page);
  });

  test('one character changed in the code: not genuine, and nothing it claims is shown', async ({ page }) => {
    const url = new URL(documentSample('valid').url);
    const code = url.searchParams.get('code')!;
    const [header, payload, signature] = code.split('.') as [string, string, string];
    const i = 12;
    const changed = `${header}.${payload.slice(0, i)}${payload[i] === 'Q' ? 'R' : 'Q'}${payload.slice(i + 1)}.${signature}`;
    await page.goto(`/e-verify?code=${changed}`);
    const result = await expectVerdict(page, 'Not a genuine county document');
    await expect(result).toContainText('Do not accept the document');
    await expect(result.getByRole('term')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a revoked receipt says when and why', async ({ page }) => {
    await page.goto(local(documentSample('revoked').url));
    const result = await expectVerdict(page, 'Revoked');
    await expect(result).toContainText('Payment reversed by the bank');
    await expect(result).toContainText('Revoked on');
  });

  test('an expired permit says it is genuine but no longer valid', async ({ page }) => {
    await page.goto(local(documentSample('expired').url));
    const result = await expectVerdict(page, 'Expired');
    await expect(result).toContainText('31st December 2024');
  });

  test('typing or pasting the link works without a camera', async ({ page }) => {
    await page.goto('/e-verify');
    // The page comes rendered by the server: type once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'E-Verify' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('Verification code or link')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Verification code or link').fill(documentSample('valid').url);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectVerdict(page, 'Genuine document');
    await expect(page).toHaveURL(/\/e-verify\?code=/);
  });

  test('the short code printed under the QR, typed in lower case without dashes, finds the document; a slip says so', async ({
    page,
  }) => {
    const sample = documentSample('valid');
    await page.goto('/e-verify');
    // The page comes rendered by the server: type once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    const field = page.getByLabel('Verification code or link');
    await field.fill(sample.short_code.toLowerCase().replaceAll('-', ''));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectVerdict(page, 'Genuine document');
    await expect(page.getByTestId('verify-result')).toContainText(sample.number);
    await expectNoAxeViolations(page);

    // One symbol wrong: the page says to check the code again, not that the document is fake.
    const compact = sample.short_code.replaceAll('-', '');
    const slip = `${compact.slice(0, 5)}${compact[5] === 'K' ? 'M' : 'K'}${compact.slice(6)}`;
    await page.goto('/e-verify');
    // The page comes rendered by the server: type once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Verification code or link').fill(slip);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectVerdict(page, 'Check the code again');
    await expectNoAxeViolations(page);
  });
});

test.describe('staff ID and national ID checks', () => {
  test('a serving officer is confirmed in full; a suspended one is flagged', async ({ page }) => {
    const officer = samples.staff.find((s) => s.status === 'valid')!;
    await page.goto(local(officer.url));
    await expect(page).toHaveTitle(`Staff ID check | ${PORTAL}`);
    const result = await expectVerdict(page, 'Serving county officer');
    await expect(result).toContainText(officer.staff_no);
    await expect(result).toContainText('Finance and Economic Planning');
    await expect(result).toContainText('Grace Wanjiru Mwangi');
    await expectNoAxeViolations(page);

    await page.goto(local(samples.staff.find((s) => s.status === 'suspended')!.url));
    await expectVerdict(page, 'Suspended officer');
    await expect(page.getByTestId('verify-result')).toContainText('To report a suspicious card, call +254');
  });

  test('a national ID is registered and verified, the name masked; a wrong number is not registered', async ({
    page,
  }) => {
    const person = samples.identities.find((i) => i.status === 'registered_verified')!;
    await page.goto(local(person.url));
    await expect(page).toHaveTitle(`National ID check | ${PORTAL}`);
    const result = await expectVerdict(page, 'Registered and verified');
    await expect(result).toContainText(person.id_number);
    await expect(result).toContainText('W****** M*** K******');
    await expectNoAxeViolations(page);

    const wrong = local(person.url).replace(/\/[^/]+$/, '/11111111');
    await page.goto(wrong);
    await expectVerdict(page, 'Not registered');
  });

  test('the checks speak Kiswahili', async ({ page }) => {
    // The language a visitor chose is remembered on the device.
    await page.addInitScript(() => localStorage.setItem('kaunti.language', 'sw'));
    await page.goto(local(documentSample('valid').url));
    await expectVerdict(page, 'Hati halali');
  });
});

/**
 * A fake camera: Chromium plays a Y4M file as the webcam. Its one frame shows a QR code holding a
 * verify link (with a code the county never signed), so the whole path is exercised: camera,
 * frame decoding (jsQR: Chromium on Linux has no BarcodeDetector), navigation, the answer.
 */
function fakeCameraShowing(text: string): string {
  const [width, height, scale, quiet] = [640, 480, 8, 4];
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (qr.modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const inside = row >= 0 && column >= 0 && row < qr.modules.size && column < qr.modules.size;
      if (inside && qr.modules.get(row, column)) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const file = join(tmpdir(), `kaunti-fake-camera-${process.pid}.y4m`);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma, chroma]));
  return file;
}

test.describe('scanning with the camera', () => {
  test('"Scan QR code" reads the code from the camera and checks it', async ({ browserName }, testInfo) => {
    expect(browserName).toBe('chromium');
    const camera = fakeCameraShowing(
      `${E2E_BASE_URL}/e-verify?code=eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiJ4In0.bm90LXNpZ25lZA`,
    );
    // A browser of its own: the fake camera is a launch option.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${camera}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: E2E_BASE_URL,
        permissions: ['camera'],
        viewport: testInfo.project.use.viewport ?? null,
      });
      const page = await context.newPage();
      const decoderRequests: string[] = [];
      page.on('request', (request) => {
        if (/jsQR/i.test(request.url())) decoderRequests.push(request.url());
      });
      await page.goto('/e-verify');
      // The page comes rendered by the server: type once its script has taken over (hydration).
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1, name: 'E-Verify' })).toBeVisible();
      // The QR decoder is not part of the page's first load.
      expect(decoderRequests).toEqual([]);
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await expect(page.getByRole('region', { name: 'QR code scanner' })).toBeVisible();
      const result = await expectVerdict(page, 'Not a genuine county document');
      await expect(result).toContainText('Do not accept the document');
      await expect(page).toHaveURL(/\/e-verify\?code=eyJhbGciOiJFZERTQSJ9\./);
      await expect(page.getByRole('region', { name: 'QR code scanner' })).toHaveCount(0);
      // Chromium on Linux has no BarcodeDetector: jsQR was fetched when "Scan" was pressed.
      expect(decoderRequests.length).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});

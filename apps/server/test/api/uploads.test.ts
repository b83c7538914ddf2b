import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from '../../src/core/uploads/upload-service';
import { makeExe, makePdf, makePng, multipart, upload } from '../support/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  other = await createSignedInUser(t);
});
afterAll(() => t.close());

describe('POST /api/uploads', () => {
  it('needs a signed-in user', async () => {
    const res = await upload(t, {}, { name: 'a.png', type: 'image/png', bytes: makePng() });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please login to continue');
  });

  it('keeps a real PDF, and gives it back to its owner only, as an attachment', async () => {
    const pdf = await makePdf();
    const res = await upload(t, owner.headers, {
      name: 'Title deed (scan).pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Title-deed-scan.pdf',
      size: pdf.length,
      content_type: 'application/pdf',
    });

    const got = await t.app.inject({ method: 'GET', url: `/api/uploads/${body.id}`, headers: owner.headers });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('attachment; filename="Title-deed-scan.pdf"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${body.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('not_found');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/uploads/${body.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a PNG whatever the browser claims, by its bytes', async () => {
    const res = await upload(t, owner.headers, {
      name: 'photo',
      type: 'application/octet-stream',
      bytes: makePng(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'image/png', name: 'photo.png' });
  });

  it('refuses a renamed executable with a clear message', async () => {
    const res = await upload(t, owner.headers, {
      name: 'id-card.pdf',
      type: 'application/pdf',
      bytes: makeExe(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Only JPEG or PNG images and PDF documents can be uploaded.',
      code: 'unsupported_media_type',
    });
  });

  it('refuses HTML and SVG dressed up as images', async () => {
    for (const text of [
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ]) {
      const res = await upload(t, owner.headers, {
        name: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from(text),
      });
      expect(res.statusCode).toBe(415);
    }
  });

  it('refuses a file over the limit, naming the limit', async () => {
    const big = Buffer.concat([await makePdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(t, owner.headers, { name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is larger than 5 MB.', code: 'payload_too_large' });
  });

  it('refuses an empty file with its own code', async () => {
    const res = await upload(t, owner.headers, {
      name: 'empty.pdf',
      type: 'application/pdf',
      bytes: Buffer.alloc(0),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The file is empty. Please choose another file.',
      code: 'empty_file',
    });
  });

  it('asks for a file when none is sent, and refuses a non-multipart body', async () => {
    const wrongPart = multipart({ name: 'a.png', type: 'image/png', bytes: makePng() }, 'document');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...owner.headers, ...wrongPart.headers },
      payload: wrongPart.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please choose a file to upload.', code: 'no_file' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: owner.headers,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers the limits for the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uploads/limits' });
    expect(res.json()).toEqual({
      max_bytes: 5 * 1024 * 1024,
      content_types: ['image/jpeg', 'image/png', 'application/pdf'],
    });
  });
});

describe('images are capped in pixels, read from their header bytes', () => {
  /** A PNG whose header claims width × height (a decompression bomb compresses to a few KB). */
  function pngOfSize(width: number, height: number): Buffer {
    const png = makePng();
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    return png;
  }

  it('refuses a 50000 × 50000 PNG with a clear message, and keeps nothing', async () => {
    const res = await upload(t, owner.headers, {
      name: 'bomb.png',
      type: 'image/png',
      bytes: pngOfSize(50_000, 50_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'image_too_large',
      message:
        'This image is too large in pixels (at most 10,000 pixels a side and 40 megapixels). Please choose a smaller image.',
    });
  });

  it('refuses 9000 × 9000 (81 megapixels) and accepts 8000 × 5000 (40 megapixels)', async () => {
    const big = await upload(t, owner.headers, {
      name: 'wide.png',
      type: 'image/png',
      bytes: pngOfSize(9_000, 9_000),
    });
    expect(big.statusCode).toBe(400);
    const ok = await upload(t, owner.headers, {
      name: 'ok.png',
      type: 'image/png',
      bytes: pngOfSize(8_000, 5_000),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('reads a real JPEG’s size from its start-of-frame marker, and refuses one that claims too many pixels', async () => {
    const jpeg = createCanvas(30, 20).toBuffer('image/jpeg');
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 30, height: 20 });
    const fine = await upload(t, owner.headers, { name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(fine.statusCode).toBe(201);
    // The same JPEG with its frame header saying 60000 × 60000.
    const sof = [...jpeg.entries()].findIndex(
      ([i, byte]) => byte === 0xff && i + 1 < jpeg.length && jpeg[i + 1]! >= 0xc0 && jpeg[i + 1]! <= 0xc2,
    );
    const bomb = Buffer.from(jpeg);
    bomb.writeUInt16BE(60_000, sof + 5);
    bomb.writeUInt16BE(60_000, sof + 7);
    const refused = await upload(t, owner.headers, { name: 'bomb.jpg', type: 'image/jpeg', bytes: bomb });
    expect(refused.statusCode).toBe(400);
  });
});

import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { TestApp } from './test-app';

/** A real one-page PDF, made by pdfkit. */
export async function makePdf(text = 'Title deed, LR 209/10001'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real 2×2 green PNG. */
export function makePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.from([0, 0, 128, 0, 0, 128, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a Windows executable (MZ header, PE signature), as a renamed .exe carries. */
export function makeExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'ascii');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'ascii');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** A multipart/form-data body with one file part. */
export function multipart(
  file: { name: string; type: string; bytes: Buffer },
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kaunti${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file as the user; answers the inject response. */
export function upload(
  t: TestApp,
  headers: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a small PNG and answers its id (for application payloads). */
export async function uploadId(
  t: TestApp,
  headers: Record<string, string>,
  name = 'scan.png',
): Promise<string> {
  const res = await upload(t, headers, { name, type: 'image/png', bytes: makePng() });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

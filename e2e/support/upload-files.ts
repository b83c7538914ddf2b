/**
 * Small real files for upload tests, made in the test: a PNG (a valid 1 × 1 image), a PDF (a
 * valid one-page document) and files the server must refuse. Playwright's setInputFiles takes
 * them as they are.
 */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function pngFile(name = 'photo.png'): TestFile {
  return { name, mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') };
}

/** A one-page PDF with a line of text, with a correct cross-reference table. */
export function pdfFile(name = 'document.pdf', text = 'Kaunti test document'): TestFile {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 70 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A text file named like an image: the server reads the bytes and refuses it. */
export function disguisedTextFile(name = 'not-really.png'): TestFile {
  return { name, mimeType: 'image/png', buffer: Buffer.from('This is plain text, not a PNG image.\n') };
}

/** A PDF over the size limit (default 5 MB + 1 byte). */
export function oversizePdf(bytes = 5 * 1024 * 1024 + 1, name = 'big-scan.pdf'): TestFile {
  const buffer = Buffer.alloc(bytes, 0x20);
  buffer.write('%PDF-1.4\n', 0, 'latin1');
  return { name, mimeType: 'application/pdf', buffer };
}

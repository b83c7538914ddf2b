import { describe, expect, it } from 'vitest';
import { identityVerifyUrlFor, readVerifyInput, staffVerifyUrlFor, verifyUrlFor } from './verify-code';

const TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJhIjoxfQ.4-jO2CyimXvoW8YdmNFM';

describe('verify links', () => {
  it('builds the QR link from the public URL and the code', () => {
    expect(verifyUrlFor('https://e.nairobi.go.ke/', TOKEN)).toBe(
      `https://e.nairobi.go.ke/e-verify?code=${TOKEN}`,
    );
    expect(staffVerifyUrlFor('http://x', 'q1', '20114587')).toBe('http://x/everify/s/q1/20114587');
    expect(identityVerifyUrlFor('http://x', 'q 1', '12345678')).toBe('http://x/everify/i/q%201/12345678');
  });
});

describe('readVerifyInput', () => {
  it('reads a bare code, a pasted link, and a code broken across lines', () => {
    expect(readVerifyInput(`  ${TOKEN} `)).toEqual({ kind: 'document', code: TOKEN });
    expect(readVerifyInput(verifyUrlFor('https://e.nairobi.go.ke', TOKEN))).toEqual({
      kind: 'document',
      code: TOKEN,
    });
    expect(readVerifyInput(`https://other.example/e-verify?lang=sw&code=${TOKEN}#top`)).toEqual({
      kind: 'document',
      code: TOKEN,
    });
    expect(readVerifyInput(`${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)}`)).toEqual({
      kind: 'document',
      code: TOKEN,
    });
  });

  it('reads staff and national ID links', () => {
    expect(readVerifyInput('https://e.nairobi.go.ke/everify/s/Ab_9-x/20114587')).toEqual({
      kind: 'staff',
      qid: 'Ab_9-x',
      sid: '20114587',
    });
    expect(readVerifyInput('/everify/i/q%201/12345678?x=1')).toEqual({
      kind: 'identity',
      qid: 'q 1',
      id: '12345678',
    });
  });

  it('says empty for blank input', () => {
    expect(readVerifyInput('   \n')).toEqual({ kind: 'empty' });
  });
});

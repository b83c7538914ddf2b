// Prints a new Ed25519 private JWK for SIGNING_KEYS (E-Verify).
//   npx tsx apps/server/src/platform/signing/generate-key.ts
// To rotate: put the new key FIRST in the SIGNING_KEYS array and keep the old ones after it, so
// documents signed with them still verify. Keep the output secret: it is a private key.
import { generateSigningJwk } from './key-ring';

const jwk = await generateSigningJwk();
process.stdout.write(`${JSON.stringify(jwk)}\n`);

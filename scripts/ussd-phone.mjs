#!/usr/bin/env node
/**
 * A feature phone in the terminal (issue 42): dials the portal's USSD menu as the county's gateway
 * (Africa's Talking) would, one step per line typed. For development: it posts to
 * `POST /api/dev/ussd`, which exists only with KAUNTI_DEV_OUTBOX=true (`npm start` sets it), so
 * it needs no secret. M-Pesa prompts go to the simulator; the SMS to the outbox.
 *
 *   npm run ussd                      # as 0712345678 (the demo citizen), to http://localhost:3000
 *   npm run ussd -- 0722334455        # as another phone
 *   PORTAL_URL=http://host:3000 npm run ussd
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';

const phone = process.argv[2] ?? '0712345678';
const portal = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const international = `+254${phone.replace(/\D/g, '').slice(-9)}`;

async function step(sessionId, answers) {
  const response = await fetch(`${portal}/api/dev/ussd`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      sessionId,
      serviceCode: '*235#',
      phoneNumber: international,
      networkCode: '63902',
      text: answers.join('*'),
    }),
  });
  if (response.status === 404) {
    throw new Error('The portal has no /api/dev/ussd: start it with `npm start` (KAUNTI_DEV_OUTBOX=true).');
  }
  return response.text();
}

const terminal = createInterface({ input: process.stdin, output: process.stdout });
console.log(`Dialling *235# as ${international} on ${portal} (Ctrl+C hangs up)\n`);
for (;;) {
  const sessionId = `sim-${randomUUID()}`;
  const answers = [];
  for (;;) {
    const screen = await step(sessionId, answers);
    console.log(`┌${'─'.repeat(40)}\n${screen.slice(4)}\n└${'─'.repeat(40)}`);
    if (screen.startsWith('END')) break;
    answers.push((await terminal.question('> ')).trim());
  }
  const again = await terminal.question('\nSession ended. Dial again? [Y/n] ');
  if (/^n/i.test(again.trim())) break;
}
terminal.close();

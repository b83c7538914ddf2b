// Starts the M-Pesa Daraja simulator: `npm start -w @kaunti/mpesa-sim` (after `npm run build`),
// or beside the portal through the root `npm start` when MPESA_BASE_URL is not set.
//
// Environment (all optional; the credentials default to what apps/server/src/platform/config.ts
// uses outside production, so the portal and the simulator agree with no set-up):
//   PORT (3100), SIM_HOST (127.0.0.1),
//   MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE (6060047), MPESA_PASSKEY,
//   SIM_CALLBACK_DELAY_MS (1500), SIM_TIMEOUT_DELAY_MS (30000).
import { createSimulator } from './simulator';

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`[mpesa-sim] ${name} must be a whole number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

const env = (name: string, fallback: string) => process.env[name] || fallback;

const simulator = createSimulator({
  consumerKey: env('MPESA_CONSUMER_KEY', 'kaunti-sim-consumer-key'),
  consumerSecret: env('MPESA_CONSUMER_SECRET', 'kaunti-sim-consumer-secret'),
  shortcode: env('MPESA_SHORTCODE', '6060047'),
  passkey: env('MPESA_PASSKEY', 'kaunti-sim-passkey'),
  callbackDelayMs: whole('SIM_CALLBACK_DELAY_MS', 1500),
  timeoutDelayMs: whole('SIM_TIMEOUT_DELAY_MS', 30_000),
  log: (line) => console.log(`[mpesa-sim] ${line}`),
});

const port = whole('PORT', 3100);
const host = env('SIM_HOST', '127.0.0.1');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await simulator.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

simulator.listen(port, host).then(
  (url) =>
    console.log(
      `[mpesa-sim] M-Pesa Daraja simulator listening on ${url} (paybill ${env('MPESA_SHORTCODE', '6060047')})`,
    ),
  (error: unknown) => {
    console.error(`[mpesa-sim] could not start on ${host}:${port}: ${String(error)}`);
    process.exit(1);
  },
);

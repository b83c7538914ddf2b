/**
 * The ports the browser tests use, away from a developer's running portal (3000) and simulator
 * (3100). E2E_PORT moves them (the simulator takes the next port), so two runs can share a machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_SIM_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_SIM_URL = `http://127.0.0.1:${E2E_SIM_PORT}`;

import { afterEach, expect } from 'vitest';
import { takeContractViolations } from './contract';

// A test that received a response its OpenAPI document does not describe fails (support/contract.ts).
afterEach(() => {
  expect(takeContractViolations(), 'responses that break the published OpenAPI document').toEqual([]);
});

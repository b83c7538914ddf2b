import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a condition, never a fixed time: on a loaded 2-core machine (the
// test run beside browser tests and builds) a page may take seconds to draw, so they wait up to
// 10 s before failing (a passing test is not slowed: it goes on as soon as the condition holds).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

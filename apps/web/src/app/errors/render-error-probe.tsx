/**
 * Only in builds made with VITE_TEST_ROUTES=true (the browser tests): a page that throws while
 * rendering, so the tests can see the error boundary and its report to the server.
 */
export function RenderErrorProbe(): never {
  throw new Error('Render error probe: this page throws on purpose');
}

export type ClientErrorKind = 'render' | 'chunk-missing' | 'chunk-timeout' | 'chunk-other' | 'unhandled';

/** Sends an error that happened in the browser to the server's log. Never throws. */
export function reportClientError(kind: ClientErrorKind, error: unknown, componentStack?: string): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const body = JSON.stringify({
    kind,
    message: err.message.slice(0, 2000) || 'Unknown error',
    ...(err.stack ? { stack: err.stack.slice(0, 8000) } : {}),
    ...(componentStack ? { component_stack: componentStack.slice(0, 8000) } : {}),
    url: location.href.slice(0, 2000),
    user_agent: navigator.userAgent.slice(0, 500),
  });
  fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

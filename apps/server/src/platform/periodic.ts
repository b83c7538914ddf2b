/**
 * Runs `task` every `intervalMs` while the server is up: never two runs at once (a tick that
 * finds the previous run still going is skipped), a failure logged and the next tick tried
 * again, and a timer that does not keep the process alive. The returned stop() clears the timer
 * and waits for a run in progress, so shutdown never cuts a job in half.
 */
export function startPeriodic(options: {
  name: string;
  intervalMs: number;
  task: () => Promise<void>;
  log: { error(details: object, message: string): void };
}): () => Promise<void> {
  let current: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = options
      .task()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        current = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

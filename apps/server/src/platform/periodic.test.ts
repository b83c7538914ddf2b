import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic';

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task at each interval, never two runs at once', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const task = () =>
      new Promise<void>((resolve) => {
        runs++;
        release = resolve;
      });
    const stop = startPeriodic({ name: 'job', intervalMs: 1000, task, log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000); // still running: these ticks are skipped
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await stop();
  });

  it('logs a failed run and tries again at the next tick', async () => {
    const error = vi.fn();
    const task = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const stop = startPeriodic({ name: 'housekeeping', intervalMs: 500, task, log: { error } });
    await vi.advanceTimersByTimeAsync(500);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'housekeeping failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(task).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('stops: no run after stop(), and stop() waits for the run in progress', async () => {
    let finished = false;
    const task = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    const stop = startPeriodic({ name: 'job', intervalMs: 1000, task, log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(200);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

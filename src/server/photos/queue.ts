// Bounded processing: at most `concurrency` photos are decoded at once and at most `maxWaiting`
// wait their turn, so a burst of uploads queues (each holding only its upload, ≤ 10 MB) instead
// of decoding dozens of 12-megapixel photos in parallel and running out of memory.
import { PHOTO_MESSAGES } from '../../shared/photo';
import { HttpError } from '../http/errors';

export interface WorkQueue {
  /** Runs `job` when a slot is free; 503 at once when too many are already waiting. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and waiting now. */
  stats(): { running: number; waiting: number };
}

export function createWorkQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number;
  maxWaiting: number;
}): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  const next = () => {
    running -= 1;
    const start = waiting.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting)
          throw new HttpError(503, PHOTO_MESSAGES.busy, { 'retry-after': '5' });
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        next();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

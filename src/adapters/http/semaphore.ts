/**
 * A counting semaphore with a bounded queue: at most `permits` holders at a time, at most
 * `maxQueue` waiters; past that, {@link Semaphore.run} rejects at once with {@link QueueFull}.
 * Used to keep password hashing (scrypt runs on libuv's thread pool, four threads by default)
 * from taking every pool thread the store's file I/O needs.
 */
export class QueueFull extends Error {
  constructor() {
    super('too many operations waiting');
  }
}

export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly permits: number,
    private readonly maxQueue: number,
  ) {}

  /** Runs `fn` once a permit is free; rejects with {@link QueueFull} when the queue is full. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.permits) {
      if (this.waiting.length >= this.maxQueue) throw new QueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

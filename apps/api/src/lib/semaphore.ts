/**
 * At most `size` pieces of work at a time; the rest wait in arrival order. A slot is handed straight to the
 * next waiter, so the count never dips below what is running.
 */
export class Semaphore {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Work running now. */
  get active(): number {
    return this.#active;
  }

  /** Work waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    // Taken synchronously when free: a caller is counted the moment it asks.
    if (this.#active < this.size) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}

// Sends a value that the user may change faster than the server answers (a quantity stepper
// tapped three times): one request at a time, in order, and of the values asked for while one is
// on its way only the latest is sent. Two PUTs in flight at once could reach the server in either
// order and leave it holding an older quantity than the one on screen.
export interface LatestValueSender<T> {
  /** Asks for `value` to be sent; resolves when it, or a later value, has been answered. */
  send(value: T): Promise<void>;
  /** True while a value is on its way or waiting. */
  busy(): boolean;
}

export function latestValueSender<T, R>(
  deliver: (value: T) => Promise<R>,
  handlers: {
    /** The answer to the latest value asked for (not to one overtaken by a later tap). */
    onLatest(answer: R, value: T): void;
    onError(error: unknown, value: T): void;
  },
): LatestValueSender<T> {
  let waiting: { value: T } | null = null;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (waiting) {
      const { value } = waiting;
      waiting = null;
      try {
        const answer = await deliver(value);
        if (!waiting) handlers.onLatest(answer, value);
      } catch (error) {
        // A refused value is not retried; a later one still waiting is sent.
        if (!waiting) handlers.onError(error, value);
      }
    }
    running = null;
  }

  return {
    send(value) {
      waiting = { value };
      running ??= drain();
      return running;
    },
    busy: () => running !== null,
  };
}

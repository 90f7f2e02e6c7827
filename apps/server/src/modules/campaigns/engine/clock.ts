// The time the send's rate limit runs on. In a server: the database's clock for the shared bucket
// (one clock for every process) and real waits. A test swaps in a fake clock (`useSendClock`) whose
// waits return at once and move its time forward, so what the limiter lets through is measured in
// the limiter's own time, whatever the machine's load.

export interface SendClock {
  /** Now, in milliseconds since the epoch. */
  now(): number;
  /** Resolves once `now()` has reached `at`. */
  waitUntil(at: number): Promise<void>;
  /** True: the rate limit reads `now()`; false: the database's `clock_timestamp()`. */
  drivesLimiter: boolean;
}

export const realClock: SendClock = {
  now: () => Date.now(),
  waitUntil: (at) => {
    const ms = at - Date.now();
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  },
  drivesLimiter: false,
};

let current: SendClock = realClock;

export const sendClock = (): SendClock => current;

/** Replaces the clock of every send in this process (tests); returns the function that puts the real one back. */
export function useSendClock(clock: SendClock): () => void {
  current = clock;
  return () => {
    current = realClock;
  };
}

/**
 * Retries `attempt` until it succeeds, waiting 1 s, 2 s, 4 s… (at most `maxDelayMs`) between tries.
 * Used at start-up: an instance started while the database is down keeps trying, and answers
 * /healthz with 503 meanwhile, instead of staying broken until someone restarts it.
 */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  {
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    onRetry = () => undefined,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: {
    initialDelayMs?: number;
    maxDelayMs?: number;
    onRetry?: (error: unknown, delayMs: number, attempt: number) => void;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** (tries - 1));
      onRetry(error, delay, tries);
      await sleep(delay);
    }
  }
}

/** Rejects after `ms`: a health check must answer quickly even while the database hangs. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

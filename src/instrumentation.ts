/**
 * Runs once when a server instance starts: a configuration error stops the instance at boot with
 * a readable message instead of failing on the first visitor's request. The database may not be
 * up yet: Payload is started in the background with retries (backoff up to 30 s), and /healthz
 * answers 503 until it is connected.
 */
export async function register() {
  // A literal comparison, so the edge build drops the import (and the Node APIs behind it).
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNode } = await import('./instrumentation-node');
    await registerNode();
  }
}

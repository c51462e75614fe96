import { createSandboxLedger, type SandboxLedger } from '@/payments/sandbox-ledger';

import { env } from './env';

let ledger: SandboxLedger | undefined;

/**
 * The sandbox bank's books in this process (SANDBOX_GATEWAY_DIR). Here rather than in
 * src/payments, which takes its configuration from its callers and reads no environment.
 */
export function sandboxLedger(): SandboxLedger {
  ledger ??= createSandboxLedger(env().SANDBOX_GATEWAY_DIR);
  return ledger;
}

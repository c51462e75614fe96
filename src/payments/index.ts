import 'server-only';

import type { PaymentProvider } from './provider';
import { createRedsysProvider, parseRedsysConfig, type RedsysConfig } from './redsys';
import { SANDBOX_CREDENTIALS, assertSandboxAllowed, createSandboxProvider, type AppEnv } from './sandbox';

export * from './provider';
export { isValidOrderRef, makeOrderRef, type RedsysConfig } from './redsys';
export {
  SANDBOX_PAGE_PATH,
  SANDBOX_REST_PATH,
  SANDBOX_TEST_CARD,
  answerSandboxRest,
  recordSandboxNotification,
  assertSandboxAllowed,
  readSandboxRequest,
  sandboxNotification,
  sandboxReturnUrl,
  type AppEnv,
  type SandboxRequest,
  type SandboxRequestResult,
} from './sandbox';

export interface PaymentConfig {
  provider: 'sandbox' | 'redsys';
  appEnv: AppEnv;
  siteUrl: string;
  /** Read from the environment, so any field may be missing; missing ones are reported. */
  redsys?: Partial<RedsysConfig>;
}

/**
 * The one place that turns configuration into a provider, so the production guards cannot be
 * bypassed by constructing a provider elsewhere: no sandbox in production, and no Redsys there
 * with the test environment or the public test credentials, since notifications signed with a
 * public key prove nothing.
 */
export function paymentProviderFromConfig(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'sandbox') {
    assertSandboxAllowed(config.appEnv);
    return createSandboxProvider({ siteUrl: config.siteUrl });
  }
  const redsys = parseRedsysConfig(config.redsys ?? {});
  if (config.appEnv === 'production') {
    if (redsys.environment !== 'production') {
      throw new Error("Redsys must use environment 'production' in production: the test gateway takes no real money");
    }
    if (
      redsys.secretKey === SANDBOX_CREDENTIALS.secretKey ||
      redsys.merchantCode === SANDBOX_CREDENTIALS.merchantCode
    ) {
      throw new Error("Redsys' public test merchant and key are not allowed in production");
    }
  }
  return createRedsysProvider(redsys);
}

/**
 * Makes a spec file's browser and API requests a visitor of their own (the test-only
 * client-address header, honoured with ENABLE_TEST_ROUTES only): every test of the suite comes
 * from 127.0.0.1, and the shop allows one address 30 holds in 10 minutes, a budget the whole suite
 * spends in one go on a fast machine. A retry runs in a new worker, so it is a new visitor too.
 */
export function ownVisitor(
  test: { use(options: { extraHTTPHeaders: Record<string, string> }): void },
  name: string,
): void {
  test.use({
    extraHTTPHeaders: { 'x-test-client-ip': `${name}-${process.pid}-${Date.now()}` },
  });
}

/** Headers for one API purchase made outside a spec's own visitor (a helper's hold and payment). */
export function visitorHeaders(name: string): Record<string, string> {
  return { 'x-test-client-ip': `${name}-${Date.now()}-${Math.random()}` };
}

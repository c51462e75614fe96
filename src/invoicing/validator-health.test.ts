import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What xmllint-wasm rejected with in the production build, where Turbopack had moved its .wasm away. */
const BUNDLED_ABORT =
  "WASM Abort: Error: ENOENT: no such file or directory, open '/ROOT/node_modules/xmllint-wasm/xmllint.wasm'";

/** xmllint as it is, failing to load as in the bundle, or still loading (until `finish`). */
const xmllint = vi.hoisted(() => ({ broken: false, slow: false, finish: () => {} }));
vi.mock('./xmllint', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./xmllint')>();
  return {
    ...actual,
    validateXML: async (options: Parameters<typeof actual.validateXML>[0]) => {
      if (xmllint.slow) await new Promise<void>((resolve) => (xmllint.finish = resolve));
      if (xmllint.broken) throw new Error(BUNDLED_ABORT);
      return actual.validateXML(options);
    },
  };
});

// The check and the last status live on globalThis (one per process, whichever bundle asks).
const PROCESS_STATE = ['golondrinas.invoicing.validator-check', 'golondrinas.invoicing.xsd-status'];

describe('the AEAT schema validator’s start-up check', () => {
  let logged: { error: ReturnType<typeof vi.fn>; info: ReturnType<typeof vi.fn> };

  beforeEach(async () => {
    xmllint.broken = false;
    xmllint.slow = false;
    for (const key of PROCESS_STATE) delete (globalThis as Record<symbol, unknown>)[Symbol.for(key)];
    const { logger } = await import('../lib/logger');
    logged = { error: vi.fn(), info: vi.fn() };
    vi.spyOn(logger, 'error').mockImplementation(logged.error as never);
    vi.spyOn(logger, 'info').mockImplementation(logged.info as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const key of PROCESS_STATE) delete (globalThis as Record<symbol, unknown>)[Symbol.for(key)];
  });

  it('validates a sample submission the record builder made for this deployment, once per process', async () => {
    const { checkInvoicingValidator, invoicingHealth, sampleSubmission } = await import('./validator-health');
    const { validateAgainstAeatSchema } = await import('./xsd');
    expect(sampleSubmission()).toContain('<sf:TipoFactura>F2</sf:TipoFactura>');
    expect(await validateAgainstAeatSchema(sampleSubmission())).toEqual({ valid: true, errors: [] });
    const first = checkInvoicingValidator();
    expect(checkInvoicingValidator()).toBe(first);
    expect(await first).toBe('ok');
    expect(await invoicingHealth()).toBe('ok');
    expect(logged.info).toHaveBeenCalledWith(
      { ms: expect.any(Number) as number },
      'the AEAT schema validator is ready',
    );
  });

  it('says on /healthz and in the log that the validator cannot run, with its own message', async () => {
    xmllint.broken = true;
    const { invoicingHealth } = await import('./validator-health');
    const expected = `validator unavailable: the AEAT schema validator failed: ${BUNDLED_ABORT}`;
    expect(await invoicingHealth()).toBe(expected);
    expect(logged.error).toHaveBeenCalledWith(
      { err: `the AEAT schema validator failed: ${BUNDLED_ABORT}` },
      'the AEAT schema validator cannot run',
    );
  });

  it('reports a validator that broke after a good start, and one that came back', async () => {
    const { invoicingHealth, sampleSubmission } = await import('./validator-health');
    const { validateAgainstAeatSchema } = await import('./xsd');
    expect(await invoicingHealth()).toBe('ok');

    xmllint.broken = true;
    await expect(validateAgainstAeatSchema(sampleSubmission())).rejects.toThrow(BUNDLED_ABORT);
    expect(await invoicingHealth()).toMatch(/^validator unavailable: .*xmllint\.wasm/);

    xmllint.broken = false;
    await validateAgainstAeatSchema(sampleSubmission());
    expect(await invoicingHealth()).toBe('ok');
  });

  it('answers "checking" rather than hold /healthz while the check has not finished', async () => {
    xmllint.slow = true;
    const { checkInvoicingValidator, invoicingHealth } = await import('./validator-health');
    expect(await invoicingHealth(50)).toBe('checking');
    xmllint.finish();
    expect(await checkInvoicingValidator()).toBe('ok');
    expect(await invoicingHealth(50)).toBe('ok');
  });
});

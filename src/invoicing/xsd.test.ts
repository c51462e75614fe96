import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { alta, anulacion, chainOfAltas, ISSUER } from '../../tests/fixtures/invoicing-records';
import { recordXml, submissionXml } from './record-xml';
import { validateAeatAnswerSchema, validateAgainstAeatSchema, validateManyAgainstAeatSchema } from './xsd';

describe('validateAgainstAeatSchema', () => {
  it('accepts an alta in its SOAP envelope', async () => {
    const result = await validateAgainstAeatSchema(
      submissionXml(ISSUER, [alta({ seriesNumber: 'W2027-000001' }, null)]),
    );
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('accepts a full invoice with recipients, a foreign id and the invoices it corrects', async () => {
    const full = alta(
      {
        seriesNumber: 'R2027-000001',
        type: 'R1',
        rectificationKind: 'I',
        corrects: [{ issuerNif: ISSUER.nif, seriesNumber: 'F2027-000001', issueDate: '01-01-2027' }],
        recipients: [
          { name: 'Empresa Demo S.L.', nif: 'B65410011' },
          { name: 'Tour Operator GmbH', countryCode: 'DE', idType: '02', id: 'DE123456789' },
        ],
        breakdown: [
          { ratePct: '10.00', base: '-10.00', vat: '-1.00' },
          { ratePct: '21.00', base: '-5.00', vat: '-1.05' },
        ],
        vatTotal: '-2.05',
        total: '-17.05',
        correction: true,
        previousRejection: 'S',
      },
      null,
    );
    expect(await validateAgainstAeatSchema(submissionXml(ISSUER, [full]))).toEqual({ valid: true, errors: [] });
  });

  it('accepts an anulación', async () => {
    const first = alta({ seriesNumber: 'W2027-000001' }, null);
    const xml = submissionXml(ISSUER, [anulacion(first.invoice, first)]);
    expect(await validateAgainstAeatSchema(xml)).toEqual({ valid: true, errors: [] });
  });

  it('accepts a chained batch of 1,000 records, the most one submission may carry', async () => {
    const xml = submissionXml(ISSUER, chainOfAltas(1000));
    expect(await validateAgainstAeatSchema(xml)).toEqual({ valid: true, errors: [] });
  });

  it('refuses a batch of 1,001 records (RegistroFactura maxOccurs)', async () => {
    const records = chainOfAltas(2);
    const one = `<sfLR:RegistroFactura>${recordXml(records[0]!)}</sfLR:RegistroFactura>`;
    const xml = submissionXml(ISSUER, records).replace(
      /(<sfLR:RegistroFactura>.*<\/sfLR:RegistroFactura>)/,
      one.repeat(1001),
    );
    const result = await validateAgainstAeatSchema(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/RegistroFactura': This element is not expected/);
  });

  it('refuses a record without a required element (no Huella)', async () => {
    const xml = submissionXml(ISSUER, [alta({ seriesNumber: 'W2027-000001' }, null)]).replace(
      /<sf:Huella>[0-9A-F]{64}<\/sf:Huella>/,
      '',
    );
    const result = await validateAgainstAeatSchema(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/Missing child element\(s\)\. Expected is .*Huella/);
  });

  it('refuses elements in the wrong order (ImporteTotal before CuotaTotal)', async () => {
    const xml = submissionXml(ISSUER, [alta({ seriesNumber: 'W2027-000001' }, null)]).replace(
      /(<sf:CuotaTotal>[^<]*<\/sf:CuotaTotal>)(<sf:ImporteTotal>[^<]*<\/sf:ImporteTotal>)/,
      '$2$1',
    );
    const result = await validateAgainstAeatSchema(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/ImporteTotal': This element is not expected\. Expected is .*CuotaTotal/);
  });

  it('refuses values the types forbid: a date in ISO form, three decimals', async () => {
    const bad = alta({ seriesNumber: 'W2027-000001', total: '42.900' }, null);
    const xml = submissionXml(ISSUER, [{ ...bad, invoice: { ...bad.invoice, issueDate: '2027-01-01' } }]);
    const result = await validateAgainstAeatSchema(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/FechaExpedicionFactura/);
    expect(result.errors.join('\n')).toMatch(/ImporteTotal/);
  });

  it('refuses what is not XML at all, and an empty body', async () => {
    expect((await validateAgainstAeatSchema('<sfLR:RegFactu')).valid).toBe(false);
    expect((await validateAgainstAeatSchema('')).valid).toBe(false);
  });

  it('refuses a lone record, valid as it is, where the whole request is expected', async () => {
    const lone = recordXml(alta({ seriesNumber: 'W2027-000001' }, null));
    expect(await validateAgainstAeatSchema(lone)).toEqual({
      valid: false,
      errors: ['The document is not a RegFactuSistemaFacturacion request'],
    });
  });

  it('refuses an answer sent where a request is expected', async () => {
    const answer =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>' +
      '<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd"/>' +
      '</env:Body></env:Envelope>';
    expect((await validateAgainstAeatSchema(answer)).valid).toBe(false);
  });
});

describe('validateAeatAnswerSchema', () => {
  it('accepts a SOAP fault as the AEAT sends one', async () => {
    const fault =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>' +
      '<faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring>' +
      '</env:Fault></env:Body></env:Envelope>';
    expect(await validateAeatAnswerSchema(fault)).toEqual({ valid: true, errors: [] });
  });
});

describe('many submissions in one validator call', () => {
  it('gives each document its own verdict, in order', async () => {
    const good = submissionXml(ISSUER, chainOfAltas(3));
    const bad = good.replace('<sf:TipoFactura>F2</sf:TipoFactura>', '<sf:TipoFactura>F9</sf:TipoFactura>');
    const lone = recordXml(chainOfAltas(1)[0]!);
    const verdicts = await validateManyAgainstAeatSchema([good, bad, good, lone]);
    expect(verdicts.map((verdict) => verdict.valid)).toEqual([true, false, true, false]);
    expect(verdicts[1]!.errors.join('\n')).toMatch(/TipoFactura/);
    expect(verdicts[3]!.errors).toEqual(['The document is not a RegFactuSistemaFacturacion request']);
    // A document that is not even XML: each is then validated on its own.
    expect((await validateManyAgainstAeatSchema([good, '<oops'])).map((verdict) => verdict.valid)).toEqual([
      true,
      false,
    ]);
  });
});

/** What xmllint-wasm rejected with in the production build, where Turbopack had moved its .wasm away. */
const BUNDLED_ABORT =
  "WASM Abort: Error: ENOENT: no such file or directory, open '/ROOT/node_modules/xmllint-wasm/xmllint.wasm'";

describe('a validator that cannot run', () => {
  const xml = submissionXml(ISSUER, [alta({ seriesNumber: 'W2027-000001' }, null)]);
  let logged: ReturnType<typeof vi.fn>;

  // Fresh modules for each test: the schemas are read once per module, and xmllint-wasm is replaced.
  beforeEach(async () => {
    vi.resetModules();
    const { logger } = await import('../lib/logger');
    logged = vi.fn();
    vi.spyOn(logger, 'error').mockImplementation(logged as never);
  });
  afterEach(() => {
    vi.doUnmock('./xmllint');
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('is not an invalid document: it rejects with the validator’s own message, logged, and says so', async () => {
    vi.doMock('./xmllint', () => ({ validateXML: () => Promise.reject(new Error(BUNDLED_ABORT)) }));
    const xsd = await import('./xsd');
    const failure = await xsd.validateAgainstAeatSchema(xml).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(xsd.SchemaValidatorUnavailable);
    expect((failure as Error).message).toBe(`the AEAT schema validator failed: ${BUNDLED_ABORT}`);
    expect(logged).toHaveBeenCalledWith({ err: (failure as Error).message }, 'the AEAT schema validator cannot run');
    expect(xsd.validatorStatus()).toMatchObject({ available: false, error: (failure as Error).message });
    await expect(xsd.validateAeatAnswerSchema(xml)).rejects.toThrow(xsd.SchemaValidatorUnavailable);
  });

  it('nor are schemas it cannot find (a server started outside the repository)', async () => {
    vi.spyOn(process, 'cwd').mockReturnValue(mkdtempSync(path.join(tmpdir(), 'no-schemas-')));
    const xsd = await import('./xsd');
    await expect(xsd.validateAgainstAeatSchema(xml)).rejects.toThrow(
      /^the AEAT schemas could not be read from src\/invoicing\/schemas: ENOENT: .*SuministroLR\.xsd/,
    );
    expect(logged).toHaveBeenCalledOnce();
  });

  it('the local AEAT answers no schema fault (4102) for it: the submission fails, to be sent again', async () => {
    vi.doMock('./xmllint', () => ({ validateXML: () => Promise.reject(new Error(BUNDLED_ABORT)) }));
    const [{ handleAeatSubmission, createAeatSandboxState }, { SchemaValidatorUnavailable }] = await Promise.all([
      import('./aeat-sandbox'),
      import('./xsd'),
    ]);
    const state = createAeatSandboxState();
    await expect(handleAeatSubmission(xml, state)).rejects.toThrow(SchemaValidatorUnavailable);
    expect(state.submissions).toBe(0);
  });

  it('a validation that runs again marks it available', async () => {
    const xsd = await import('./xsd');
    expect(await xsd.validateAgainstAeatSchema(xml)).toEqual({ valid: true, errors: [] });
    expect(xsd.validatorStatus()).toMatchObject({ available: true });
    expect(logged).not.toHaveBeenCalled();
  });
});

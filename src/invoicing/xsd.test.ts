import { describe, expect, it } from 'vitest';

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

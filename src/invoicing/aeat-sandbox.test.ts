import { describe, expect, it } from 'vitest';

import { alta, anulacion, chainOfAltas, ISSUER } from '../../tests/fixtures/invoicing-records';
import { parseAeatAnswer } from './aeat-answer';
import {
  aeatSandboxResponse,
  createAeatSandboxState,
  handleAeatSubmission,
  type AeatSandboxState,
} from './aeat-sandbox';
import { recordHuella } from './huella';
import { recordXml, submissionXml } from './record-xml';
import type { InvoiceRecord, IssueRecord } from './types';
import { validateAeatAnswerSchema } from './xsd';

function sandbox(options: { waitSeconds?: number } = {}): AeatSandboxState & { clock: { ms: number } } {
  const clock = { ms: Date.parse('2027-01-01T10:00:05+01:00') };
  let n = 0;
  const state = createAeatSandboxState({
    ...options,
    now: () => new Date(clock.ms),
    newCsv: () => `A-TESTCSV${String(++n).padStart(7, '0')}`,
  });
  return Object.assign(state, { clock });
}

/**
 * Sends one batch a few seconds after its latest record was generated, as the sender does (the AEAT
 * answers 2004 to a record that arrives over 240 s early or late).
 */
async function send(state: AeatSandboxState & { clock: { ms: number } }, records: InvoiceRecord[]) {
  state.clock.ms = Math.max(...records.map((r) => Date.parse(r.generatedAt))) + 5_000;
  const reply = await handleAeatSubmission(submissionXml(ISSUER, records), state);
  return reply;
}

const statuses = (reply: Awaited<ReturnType<typeof send>>) =>
  reply.answer!.records.map((r) => [r.invoice.seriesNumber, r.status, r.errorCode]);

describe('handleAeatSubmission: a batch the AEAT takes', () => {
  it('answers Correcto with a CSV, the wait and one Correcto line per record, in XML the answer schema accepts', async () => {
    const state = sandbox();
    const reply = await send(state, chainOfAltas(3));
    expect(reply.httpStatus).toBe(200);
    expect(reply.answer).toMatchObject({ batchStatus: 'Correcto', csv: 'A-TESTCSV0000001', waitSeconds: 60 });
    expect(statuses(reply)).toEqual([
      ['W2027-000001', 'Correcto', null],
      ['W2027-000002', 'Correcto', null],
      ['W2027-000003', 'Correcto', null],
    ]);
    expect(await validateAeatAnswerSchema(reply.xml)).toEqual({ valid: true, errors: [] });
    // What our own parser reads from the XML is what the sandbox meant.
    expect(parseAeatAnswer(reply.xml)).toEqual({ kind: 'answer', answer: reply.answer });
  });

  it('reads an indented request as the compact one', async () => {
    const state = sandbox();
    const pretty = submissionXml(ISSUER, chainOfAltas(2)).replace(/></g, '>\n    <');
    const reply = await handleAeatSubmission(pretty, state);
    expect(statuses(reply)).toEqual([
      ['W2027-000001', 'Correcto', null],
      ['W2027-000002', 'Correcto', null],
    ]);
  });

  it('answers the TiempoEsperaEnvio it is configured with', async () => {
    const reply = await send(sandbox({ waitSeconds: 120 }), chainOfAltas(1));
    expect(reply.answer!.waitSeconds).toBe(120);
    expect(reply.xml).toContain('<tikR:TiempoEsperaEnvio>120</tikR:TiempoEsperaEnvio>');
  });

  it('takes 1,000 records in one batch', async () => {
    const reply = await send(sandbox(), chainOfAltas(1000));
    expect(reply.answer!.batchStatus).toBe('Correcto');
    expect(reply.answer!.records).toHaveLength(1000);
  });
});

describe('handleAeatSubmission: per-record checks with the AEAT codes', () => {
  it('a huella that is not the one the fields give: accepted with errors, 2000', async () => {
    const state = sandbox();
    const [first, second] = chainOfAltas(2);
    const tampered: IssueRecord = { ...second!, total: '52.90' };
    const reply = await send(state, [first!, tampered]);
    expect(reply.answer!.batchStatus).toBe('ParcialmenteCorrecto');
    expect(statuses(reply)).toEqual([
      ['W2027-000001', 'Correcto', null],
      ['W2027-000002', 'AceptadoConErrores', '2000'],
    ]);
    expect(reply.answer!.records[1]!.errorText).toBe('El cálculo de la huella suministrada es incorrecta.');
    expect(reply.answer!.csv).not.toBeNull();
  });

  it('a re-sent batch (a lost answer retried): every record 3000, held as Correcta, and the chain does not move', async () => {
    const state = sandbox();
    const records = chainOfAltas(3);
    await send(state, records);
    const again = await send(state, records);
    expect(again.answer).toMatchObject({ batchStatus: 'Incorrecto', csv: null });
    expect(again.answer!.records.map((r) => [r.errorCode, r.duplicateStatus])).toEqual([
      ['3000', 'Correcta'],
      ['3000', 'Correcta'],
      ['3000', 'Correcta'],
    ]);
    expect(again.xml).toContain('<tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado>');
    expect(await validateAeatAnswerSchema(again.xml)).toEqual({ valid: true, errors: [] });
    const next = alta({ seriesNumber: 'W2027-000004' }, records[2]!);
    expect(statuses(await send(state, [next]))).toEqual([['W2027-000004', 'Correcto', null]]);
  });

  it('a link to another record than the issuer sent last: refused, 1269 (the sandbox is strict here)', async () => {
    const state = sandbox();
    const [first, second] = chainOfAltas(2);
    await send(state, [first!, second!]);
    const forked = alta({ seriesNumber: 'W2027-000003' }, first!);
    expect(statuses(await send(state, [forked]))).toEqual([['W2027-000003', 'Incorrecto', '1269']]);
  });

  it('a refused record stays in the chain: its correction links to it', async () => {
    const state = sandbox();
    const [first] = chainOfAltas(1);
    await send(state, [first!]);
    const refused = alta({ seriesNumber: 'W2027-000002', previousRejection: 'S' }, first!);
    expect(statuses(await send(state, [refused]))).toEqual([['W2027-000002', 'Incorrecto', '1161']]);
    // "Alta por rechazo": Subsanacion S, RechazoPrevio X, as the AEAT never recorded the first one.
    const resent = alta({ seriesNumber: 'W2027-000002', correction: true, previousRejection: 'X' }, refused);
    expect(statuses(await send(state, [resent]))).toEqual([['W2027-000002', 'Correcto', null]]);
    const again = alta({ seriesNumber: 'W2027-000002', correction: true, previousRejection: 'X' }, resent);
    expect(statuses(await send(state, [again]))).toEqual([['W2027-000002', 'Incorrecto', '3000']]);
  });

  it('RechazoPrevio S (a refused subsanación sent again) corrects a record the AEAT holds; of one it does not, 3002', async () => {
    const state = sandbox();
    const [first] = chainOfAltas(1);
    await send(state, [first!]);
    const fix = alta({ seriesNumber: 'W2027-000001', correction: true, previousRejection: 'S' }, first!);
    const unknown = alta({ seriesNumber: 'W2027-000002', correction: true, previousRejection: 'S' }, fix);
    expect(statuses(await send(state, [fix, unknown]))).toEqual([
      ['W2027-000001', 'Correcto', null],
      ['W2027-000002', 'Incorrecto', '3002'],
    ]);
  });

  it('PrimerRegistro when the issuer already has records: accepted with errors, 2007', async () => {
    const state = sandbox();
    await send(state, chainOfAltas(1));
    const restarted = alta({ seriesNumber: 'X2027-000001' }, null);
    expect(statuses(await send(state, [restarted]))).toEqual([['X2027-000001', 'AceptadoConErrores', '2007']]);
  });

  it('an invoice of another NIF than the Cabecera: 1108', async () => {
    const state = sandbox();
    const base = alta({ seriesNumber: 'W2027-000001' }, null);
    const other = { ...base, invoice: { ...base.invoice, issuerNif: 'B65410011' } };
    const foreign = { ...other, huella: recordHuella(other) };
    expect(statuses(await send(state, [foreign]))).toEqual([['W2027-000001', 'Incorrecto', '1108']]);
  });

  it('series numbers the AEAT refuses: blanks at the ends 1104, markup 1287, beyond printable ASCII 1130', async () => {
    const state = sandbox();
    const padded = alta({ seriesNumber: ' W2027-000001' }, null);
    const markup = alta({ seriesNumber: 'W2027=000002' }, padded);
    const accented = alta({ seriesNumber: 'Nº2027-000003' }, markup);
    expect(statuses(await send(state, [padded, markup, accented]))).toEqual([
      [' W2027-000001', 'Incorrecto', '1104'],
      ['W2027=000002', 'Incorrecto', '1287'],
      ['Nº2027-000003', 'Incorrecto', '1130'],
    ]);
  });

  it('RechazoPrevio without Subsanacion: 1153 for X, 1161 for S', async () => {
    const state = sandbox();
    const x = alta({ seriesNumber: 'W2027-000001', previousRejection: 'X' }, null);
    const s = alta({ seriesNumber: 'W2027-000002', previousRejection: 'S' }, x);
    expect(statuses(await send(state, [x, s]))).toEqual([
      ['W2027-000001', 'Incorrecto', '1153'],
      ['W2027-000002', 'Incorrecto', '1161'],
    ]);
  });

  it('a timestamp without its offset: 1244; a short huella: 1262', async () => {
    const state = sandbox();
    const noOffset = alta({ seriesNumber: 'W2027-000001', generatedAt: '2027-01-01T10:00:00' }, null);
    const short = { ...alta({ seriesNumber: 'W2027-000002' }, noOffset), huella: 'ABC123' };
    expect(statuses(await send(state, [noOffset, short]))).toEqual([
      ['W2027-000001', 'Incorrecto', '1244'],
      ['W2027-000002', 'Incorrecto', '1262'],
    ]);
  });

  it('subsanación: replaces a record accepted with errors; of a record it does not hold, 3002', async () => {
    const state = sandbox();
    const first = alta({ seriesNumber: 'W2027-000001' }, null);
    // Within the totals' 10.00 € margin, so only the huella gives it away.
    const withErrors = { ...first, total: '42.91' };
    expect(statuses(await send(state, [withErrors]))).toEqual([['W2027-000001', 'AceptadoConErrores', '2000']]);
    const fixed = alta(
      { seriesNumber: 'W2027-000001', correction: true, generatedAt: '2027-01-01T10:05:00+01:00' },
      withErrors,
    );
    expect(statuses(await send(state, [fixed]))).toEqual([['W2027-000001', 'Correcto', null]]);
    const unknown = alta({ seriesNumber: 'W2027-000009', correction: true }, fixed);
    expect(statuses(await send(state, [unknown]))).toEqual([['W2027-000009', 'Incorrecto', '3002']]);
  });

  it('anulación: of a held record Correcto; twice, 3001; unknown, 3002; the number cannot come back (3000, Anulada)', async () => {
    const state = sandbox();
    const [first] = chainOfAltas(1);
    await send(state, [first!]);
    const cancel = anulacion(first!.invoice, first!);
    const reply = await send(state, [cancel]);
    expect(reply.answer!.records).toEqual([
      { invoice: first!.invoice, kind: 'anulacion', status: 'Correcto', errorCode: null, errorText: null },
    ]);
    expect(reply.xml).toContain('<tik:TipoOperacion>Anulacion</tik:TipoOperacion>');
    const twice = anulacion(first!.invoice, cancel, '2027-01-01T12:01:00+01:00');
    expect(statuses(await send(state, [twice]))).toEqual([['W2027-000001', 'Incorrecto', '3001']]);
    const ghost = anulacion({ ...first!.invoice, seriesNumber: 'W2027-000404' }, twice);
    expect(statuses(await send(state, [ghost]))).toEqual([['W2027-000404', 'Incorrecto', '3002']]);
    const reused = alta({ seriesNumber: 'W2027-000001', generatedAt: '2027-01-01T13:00:00+01:00' }, ghost);
    const refused = await send(state, [reused]);
    expect(refused.answer!.records[0]).toMatchObject({ errorCode: '3000', duplicateStatus: 'Anulada' });
  });
});

describe('handleAeatSubmission: the AEAT’s business rules (aeat-rules.ts)', () => {
  it('refuses an F1 without recipient and an F2 with one, with the codes and texts in the answer', async () => {
    const state = sandbox();
    const [first] = chainOfAltas(1);
    const f1 = alta({ seriesNumber: 'W2027-000002', type: 'F1' }, first!);
    const f2 = alta({ seriesNumber: 'W2027-000003', recipients: [{ name: 'Ana', nif: '12345678Z' }] }, f1);
    const reply = await send(state, [first!, f1, f2]);
    expect(statuses(reply)).toEqual([
      ['W2027-000001', 'Correcto', null],
      ['W2027-000002', 'Incorrecto', '1189'],
      ['W2027-000003', 'Incorrecto', '1190'],
    ]);
    expect(reply.xml).toContain(
      '<tikR:CodigoErrorRegistro>1190</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Si TipoFactura es F2 o R5 el bloque Destinatarios no puede estar cumplimentado.</tikR:DescripcionErrorRegistro>',
    );
    expect(await validateAeatAnswerSchema(reply.xml)).toEqual({ valid: true, errors: [] });
  });

  it('records a breakdown that does not add up, with errors (2006), and keeps it', async () => {
    const state = sandbox();
    const off = alta({ seriesNumber: 'W2027-000001', vatTotal: '20.00' }, null);
    expect(statuses(await send(state, [off]))).toEqual([['W2027-000001', 'AceptadoConErrores', '2006']]);
    expect(state.issuers.get(ISSUER.nif)!.held.get(`${ISSUER.nif}\u0000W2027-000001\u000001-01-2027`)).toMatchObject({
      status: 'AceptadaConErrores',
      errorCode: '2006',
    });
  });

  it('a record sent over 240 s after it was generated: 2004, unless the batch says Incidencia S', async () => {
    const state = sandbox();
    const [first, second] = chainOfAltas(2);
    state.clock.ms = Date.parse(first!.generatedAt) + 300_000;
    const late = await handleAeatSubmission(submissionXml(ISSUER, [first!]), state);
    expect(statuses(late)).toEqual([['W2027-000001', 'AceptadoConErrores', '2004']]);
    state.clock.ms += 60_000;
    const excused = await handleAeatSubmission(submissionXml(ISSUER, [second!], { incident: true }), state);
    expect(statuses(excused)).toEqual([['W2027-000002', 'Correcto', null]]);
  });
});

describe('handleAeatSubmission: a batch refused whole (SOAP fault, nothing recorded)', () => {
  it('the schema: Codigo[4102] naming the element it wanted, HTTP 500, state untouched', async () => {
    const state = sandbox();
    const xml = submissionXml(ISSUER, chainOfAltas(2)).replace(
      /<sf:Huella>[0-9A-F]{64}<\/sf:Huella><\/sf:RegistroAlta>/,
      '</sf:RegistroAlta>',
    );
    const reply = await handleAeatSubmission(xml, state);
    expect(reply.httpStatus).toBe(500);
    expect(reply.answer).toBeUndefined();
    expect(parseAeatAnswer(reply.xml)).toEqual({
      kind: 'fault',
      fault: {
        faultCode: 'env:Client',
        faultString: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: Huella',
        errorCode: '4102',
      },
    });
    expect(await validateAeatAnswerSchema(reply.xml)).toEqual({ valid: true, errors: [] });
    expect(state.issuers.size).toBe(0);
    expect(state.submissions).toBe(0);
  });

  it('a lone record instead of the request: 4102 naming RegFactuSistemaFacturacion', async () => {
    const reply = await handleAeatSubmission(recordXml(alta({ seriesNumber: 'W2027-000001' }, null)), sandbox());
    expect(reply.xml).toContain(
      'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: RegFactuSistemaFacturacion',
    );
  });

  it('not XML: 4103; empty: 4138; over 1,000 records: 4114', async () => {
    const state = sandbox();
    const codeOf = async (xml: string) => {
      const parsed = parseAeatAnswer((await handleAeatSubmission(xml, state)).xml);
      return parsed.kind === 'fault' ? parsed.fault.errorCode : null;
    };
    expect(await codeOf('<soapenv:Envelope>')).toBe('4103');
    expect(await codeOf('   ')).toBe('4138');
    const one = submissionXml(ISSUER, chainOfAltas(1));
    const record = /<sfLR:RegistroFactura>.*<\/sfLR:RegistroFactura>/.exec(one)![0];
    expect(await codeOf(one.replace(record, record.repeat(1001)))).toBe('4114');
  });
});

describe('flow control', () => {
  it('notes a submission sent before TiempoEsperaEnvio passed', async () => {
    const state = sandbox({ waitSeconds: 60 });
    const [first, second] = chainOfAltas(2);
    await handleAeatSubmission(submissionXml(ISSUER, [first!]), state);
    state.clock.ms += 15_000;
    await handleAeatSubmission(submissionXml(ISSUER, [second!]), state);
    expect(state.flowControlViolations).toEqual([
      { issuerNif: ISSUER.nif, at: new Date(state.clock.ms).toISOString(), secondsEarly: 45, records: 1 },
    ]);
    state.clock.ms += 60_000;
    await handleAeatSubmission(submissionXml(ISSUER, [alta({ seriesNumber: 'W2027-000003' }, second!)]), state);
    expect(state.flowControlViolations).toHaveLength(1);
  });
});

describe('aeatSandboxResponse', () => {
  it('answers a POSTed SOAP request as text/xml', async () => {
    const state = sandbox();
    const response = await aeatSandboxResponse(
      new Request('http://localhost/api/invoicing/aeat-sandbox', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: submissionXml(ISSUER, chainOfAltas(1)),
      }),
      state,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    const parsed = parseAeatAnswer(await response.text());
    expect(parsed.kind === 'answer' && parsed.answer.batchStatus).toBe('Correcto');
  });

  it('refuses GET as the AEAT does (4135)', async () => {
    const response = await aeatSandboxResponse(new Request('http://localhost/api/invoicing/aeat-sandbox'), sandbox());
    expect(response.status).toBe(405);
    expect(await response.text()).toContain('Codigo[4135].Esta URL no puede ser utilizada mediante GET.');
  });
});

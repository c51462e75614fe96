import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  cancellationRecordHashInput,
  chainLinkOf,
  huella,
  issueRecordHashInput,
  recordHuella,
  verifyChain,
} from './huella';
import type { BillingSystem, CancellationRecord, InvoiceRecord, IssueRecord } from './types';

/*
 * The three worked examples of the AEAT's hash specification ("Detalle de las especificaciones técnicas
 * para generación de la huella o hash de los registros de facturación" v0.1.2, examples of its last
 * section). The digests are pasted from the document, not computed by the code under test.
 */
const AEAT_FIRST_INPUT =
  'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00';
const AEAT_FIRST_HUELLA = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const AEAT_SECOND_INPUT =
  'IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00';
const AEAT_SECOND_HUELLA = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const AEAT_CANCELLATION_INPUT =
  'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00';
const AEAT_CANCELLATION_HUELLA = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

const system: BillingSystem = {
  producerName: 'Test producer',
  producerNif: '89890001K',
  systemName: 'Shop',
  systemId: 'SH',
  version: '1.0',
  installationNumber: '1',
  onlyVerifactu: true,
  multipleTaxpayers: false,
  severalTaxpayersNow: false,
};

function alta(overrides: Partial<IssueRecord> & Pick<IssueRecord, 'invoice' | 'generatedAt'>): IssueRecord {
  const record: IssueRecord = {
    kind: 'alta',
    issuerName: 'Issuer SL',
    type: 'F1',
    description: 'Boat tour',
    breakdown: [{ ratePct: '21.00', base: '111.10', vat: '12.35' }],
    vatTotal: '12.35',
    total: '123.45',
    previous: null,
    system,
    huella: '',
    ...overrides,
  };
  return { ...record, huella: overrides.huella ?? recordHuella(record) };
}

function anulacion(
  overrides: Partial<CancellationRecord> & Pick<CancellationRecord, 'invoice' | 'generatedAt'>,
): CancellationRecord {
  const record: CancellationRecord = { kind: 'anulacion', previous: null, system, huella: '', ...overrides };
  return { ...record, huella: overrides.huella ?? recordHuella(record) };
}

/** The AEAT's three examples as one chain: alta, alta, anulación of the second. */
function aeatChain(): [IssueRecord, IssueRecord, CancellationRecord] {
  const first = alta({
    invoice: { issuerNif: '89890001K', seriesNumber: '12345678/G33', issueDate: '01-01-2024' },
    generatedAt: '2024-01-01T19:20:30+01:00',
  });
  const second = alta({
    invoice: { issuerNif: '89890001K', seriesNumber: '12345679/G34', issueDate: '01-01-2024' },
    generatedAt: '2024-01-01T19:20:35+01:00',
    previous: chainLinkOf(first),
  });
  const third = anulacion({
    invoice: { issuerNif: '89890001K', seriesNumber: '12345679/G34', issueDate: '01-01-2024' },
    generatedAt: '2024-01-01T19:20:40+01:00',
    previous: chainLinkOf(second),
  });
  return [first, second, third];
}

describe('huella', () => {
  it('is SHA-256 of the UTF-8 text in upper-case hex', () => {
    expect(huella('ñ€')).toBe(createHash('sha256').update(Buffer.from('ñ€', 'utf8')).digest('hex').toUpperCase());
    expect(huella('')).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
  });
});

describe('AEAT examples', () => {
  it('first registro de alta: the exact input and its huella', () => {
    const [first] = aeatChain();
    expect(issueRecordHashInput(first)).toBe(AEAT_FIRST_INPUT);
    expect(huella(AEAT_FIRST_INPUT)).toBe(AEAT_FIRST_HUELLA);
    expect(first.huella).toBe(AEAT_FIRST_HUELLA);
  });

  it('second registro de alta, chained to the first', () => {
    const [, second] = aeatChain();
    expect(issueRecordHashInput(second)).toBe(AEAT_SECOND_INPUT);
    expect(second.huella).toBe(AEAT_SECOND_HUELLA);
  });

  it('registro de anulación of the second, chained to it', () => {
    const [, , third] = aeatChain();
    expect(cancellationRecordHashInput(third)).toBe(AEAT_CANCELLATION_INPUT);
    expect(third.huella).toBe(AEAT_CANCELLATION_HUELLA);
  });
});

describe('hash input', () => {
  it('trims blanks around every value, as the spec asks', () => {
    const [first] = aeatChain();
    const padded = {
      ...first,
      invoice: { issuerNif: ' 89890001K', seriesNumber: '12345678/G33 ', issueDate: '\t01-01-2024' },
    };
    expect(issueRecordHashInput(padded)).toBe(AEAT_FIRST_INPUT);
  });

  it('keeps blanks inside a value and does not url-encode it', () => {
    const [first] = aeatChain();
    const input = issueRecordHashInput({
      ...first,
      invoice: { ...first.invoice, seriesNumber: 'W 2027/0001&ñ+' },
    });
    expect(input).toContain('&NumSerieFactura=W 2027/0001&ñ+&FechaExpedicionFactura=');
  });

  it('hashes amounts exactly as written: "12.3" and "12.30" give different huellas', () => {
    const [first] = aeatChain();
    expect(recordHuella({ ...first, vatTotal: '12.3' })).not.toBe(recordHuella({ ...first, vatTotal: '12.30' }));
  });

  it('writes negative amounts of a rectifying invoice with their sign', () => {
    const [first] = aeatChain();
    const input = issueRecordHashInput({ ...first, type: 'R5', vatTotal: '-3.00', total: '-33.00' });
    expect(input).toContain('&TipoFactura=R5&CuotaTotal=-3.00&ImporteTotal=-33.00&');
  });
});

describe('verifyChain', () => {
  it('accepts the AEAT chain and returns its last link', () => {
    const chain = aeatChain();
    expect(verifyChain(chain)).toEqual({ ok: true, count: 3, last: chainLinkOf(chain[2]) });
  });

  it('accepts an empty chain', () => {
    expect(verifyChain([])).toEqual({ ok: true, count: 0, last: null });
  });

  it('finds a record altered after it was hashed', () => {
    const chain: InvoiceRecord[] = aeatChain();
    chain[1] = { ...(chain[1] as IssueRecord), total: '999.99' };
    expect(verifyChain(chain)).toMatchObject({ ok: false, index: 1, reason: 'hash' });
  });

  it('finds a deleted record at the one that follows it', () => {
    const [first, , third] = aeatChain();
    expect(verifyChain([first, third])).toMatchObject({ ok: false, index: 1, reason: 'link' });
  });

  it('finds records in the wrong order', () => {
    const [first, second, third] = aeatChain();
    expect(verifyChain([first, third, second])).toMatchObject({ ok: false, index: 1, reason: 'link' });
    expect(verifyChain([second, first, third])).toMatchObject({ ok: false, index: 0, reason: 'link' });
  });

  it('finds a first record that claims a predecessor', () => {
    const [, second] = aeatChain();
    expect(verifyChain([second])).toMatchObject({ ok: false, index: 0, reason: 'link' });
  });

  it('finds a link that names the right invoice with the wrong huella', () => {
    const [first, second] = aeatChain();
    const forged = alta({ ...second, previous: { ...chainLinkOf(first), huella: AEAT_CANCELLATION_HUELLA } });
    expect(verifyChain([first, forged])).toMatchObject({ ok: false, index: 1, reason: 'link' });
  });

  it('finds a timestamp earlier than the previous record’s, even when hashes and links hold', () => {
    const [first] = aeatChain();
    const early = alta({
      invoice: { issuerNif: '89890001K', seriesNumber: '12345679/G34', issueDate: '01-01-2024' },
      generatedAt: '2024-01-01T19:20:29+01:00',
      previous: chainLinkOf(first),
    });
    expect(verifyChain([first, early])).toMatchObject({ ok: false, index: 1, reason: 'order' });
  });

  it('compares instants, not text, across a DST change', () => {
    const first = alta({
      invoice: { issuerNif: '89890001K', seriesNumber: 'A1', issueDate: '31-10-2027' },
      generatedAt: '2027-10-31T02:50:00+02:00',
    });
    // Ten minutes later, but an earlier wall-clock text: the hour after the clocks went back.
    const second = alta({
      invoice: { issuerNif: '89890001K', seriesNumber: 'A2', issueDate: '31-10-2027' },
      generatedAt: '2027-10-31T02:00:00+01:00',
      previous: chainLinkOf(first),
    });
    expect(verifyChain([first, second])).toMatchObject({ ok: true, count: 2 });
  });

  it('finds an unreadable timestamp', () => {
    const first = alta({
      invoice: { issuerNif: '89890001K', seriesNumber: 'A1', issueDate: '01-01-2027' },
      generatedAt: '2027-01-01T10:00:00Z',
    });
    expect(verifyChain([first])).toMatchObject({ ok: false, index: 0, reason: 'order' });
  });

  it('finds another issuer’s record in the chain', () => {
    const [first] = aeatChain();
    const stranger = alta({
      invoice: { issuerNif: 'B12345674', seriesNumber: 'X1', issueDate: '01-01-2024' },
      generatedAt: '2024-01-01T19:21:00+01:00',
      previous: chainLinkOf(first),
    });
    expect(verifyChain([first, stranger])).toMatchObject({ ok: false, index: 1, reason: 'issuer' });
  });

  it('continues from a verified link', () => {
    const [first, second, third] = aeatChain();
    expect(verifyChain([second, third], chainLinkOf(first))).toMatchObject({ ok: true, count: 2 });
    expect(verifyChain([third], chainLinkOf(first))).toMatchObject({ ok: false, index: 0, reason: 'link' });
  });
});

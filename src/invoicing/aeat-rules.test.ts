import { describe, expect, it } from 'vitest';

import { alta, anulacion, ISSUER, SYSTEM } from '../../tests/fixtures/invoicing-records';
import {
  ACCEPTED_WITH_ERRORS,
  AEAT_ERROR_TEXTS,
  AEAT_RULES,
  hundredths,
  judgeRecord,
  submissionFacts,
  type AeatErrorCode,
  type RuleContext,
} from './aeat-rules';
import { chainLinkOf, recordHuella } from './huella';
import { submissionXml } from './record-xml';
import type { ChainLink, InvoiceId, InvoiceRecord, IssueRecord } from './types';

/** The AEAT's clock: five seconds after the fixtures' records were generated. */
const NOW = new Date('2027-01-01T10:00:05+01:00');

const answered = new Set<string>();

/** What the AEAT answers one record with, read from the XML it receives (optionally edited), as the sandbox reads it. */
function judge(
  record: InvoiceRecord,
  options: { edit?: (xml: string) => string; ctx?: Partial<RuleContext>; incident?: boolean } = {},
): AeatErrorCode | null {
  const xml = submissionXml(ISSUER, [record], { incident: options.incident ?? false });
  const facts = submissionFacts(options.edit ? options.edit(xml) : xml)!;
  const code = judgeRecord(facts.records[0]!, {
    now: NOW,
    headerNif: facts.issuer.nif,
    incident: facts.incident,
    last: null,
    held: undefined,
    ...options.ctx,
  });
  if (code) answered.add(code);
  return code;
}

const NUMBER = 'W2027-000001';
const f2 = (input: Partial<IssueRecord> = {}) => alta({ seriesNumber: NUMBER, ...input }, null);
const ANA = { name: 'Ana García', nif: '12345678Z' };
const f1 = (input: Partial<IssueRecord> = {}) => f2({ type: 'F1', recipients: [ANA], ...input });
const ORIGINAL: InvoiceId = { issuerNif: ISSUER.nif, seriesNumber: 'W2027-000000', issueDate: '01-01-2027' };
const r5 = (input: Partial<IssueRecord> = {}) =>
  f2({
    type: 'R5',
    rectificationKind: 'I',
    corrects: [ORIGINAL],
    breakdown: [{ ratePct: '10.00', base: '-39.00', vat: '-3.90' }],
    vatTotal: '-3.90',
    total: '-42.90',
    ...input,
  });
const line = (xml: string, from: string, to: string) => {
  expect(xml).toContain(from);
  return xml.replace(from, to);
};
const DESCRIPTION = '<sf:DescripcionOperacion>';
const S1 = '<sf:CalificacionOperacion>S1</sf:CalificacionOperacion>';
const RATE = '<sf:TipoImpositivo>10.00</sf:TipoImpositivo>';
const VAT = '<sf:CuotaRepercutida>3.90</sf:CuotaRepercutida>';
const REGIME = '<sf:ClaveRegimen>01</sf:ClaveRegimen>';

/** A record chained after `previous`, with its link edited and its huella recomputed. */
function chainedAfter(previous: ChainLink, input: Partial<IssueRecord> = {}): IssueRecord {
  const record: IssueRecord = { ...f2(input), previous };
  return { ...record, huella: recordHuella(record) };
}
const FIRST = f2({ invoice: { ...ORIGINAL } });
const LINK = chainLinkOf(FIRST);

describe('records the AEAT takes as they are (Correcto)', () => {
  it('our simplified invoice, full invoice, F3, R5, R1, an anulación and a chained record', () => {
    expect(judge(f2())).toBeNull();
    expect(judge(f1())).toBeNull();
    expect(
      judge(f1({ recipients: [{ name: 'Jan', countryCode: 'NL', idType: '02', id: 'NL004495445B01' }] })),
    ).toBeNull();
    expect(judge(f1({ type: 'F3', replaces: [ORIGINAL] }))).toBeNull();
    expect(judge(r5())).toBeNull();
    expect(judge(r5({ type: 'R1', recipients: [ANA] }))).toBeNull();
    expect(
      judge(anulacion(ORIGINAL, null, '2027-01-01T10:00:00+01:00'), { ctx: { held: held('Correcta') } }),
    ).toBeNull();
    expect(judge(chainedAfter(LINK), { ctx: { last: LINK } })).toBeNull();
  });

  it('two VAT rates, the audio guide at 21 % beside tickets at 10 %', () => {
    const record = f2({
      breakdown: [
        { ratePct: '10.00', base: '27.27', vat: '2.73' },
        { ratePct: '21.00', base: '2.48', vat: '0.52' },
      ],
      vatTotal: '3.25',
      total: '33.00',
    });
    expect(judge(record)).toBeNull();
  });
});

function held(status: 'Correcta' | 'AceptadaConErrores' | 'Anulada') {
  return { status, huella: 'A'.repeat(64), requestId: '1', errorCode: null };
}

describe('the invoice’s id (§1)', () => {
  it('1108: an issuer other than the Cabecera’s', () => {
    expect(judge(f2({ invoice: { ...ORIGINAL, issuerNif: 'B65410011' } }))).toBe('1108');
  });
  it('1105: FechaExpedicionFactura that is no date', () => {
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '31-02-2027' } }))).toBe('1105');
  });
  it('1112: FechaExpedicionFactura after today (a record dated 2031); today passes', () => {
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '02-01-2027' } }))).toBe('1112');
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '01-01-2031' } }))).toBe('1112');
  });
  it('1152: before 28 October 2024', () => {
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '27-10-2024' } }))).toBe('1152');
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '28-10-2024' } }))).toBeNull();
  });
  it('1133: over twenty years old', () => {
    const later = new Date('2047-01-02T10:00:05+01:00');
    expect(judge(f2({ invoice: { ...ORIGINAL, issueDate: '01-01-2027' } }), { ctx: { now: later } })).toBe('1133');
  });
  it('1104, 1287, 1130: series numbers with blanks at the ends, markup, non-ASCII', () => {
    expect(judge(f2({ invoice: { ...ORIGINAL, seriesNumber: ' W2027-1' } }))).toBe('1104');
    expect(judge(f2({ invoice: { ...ORIGINAL, seriesNumber: 'W2027=1' } }))).toBe('1287');
    expect(judge(f2({ invoice: { ...ORIGINAL, seriesNumber: 'Nº2027-1' } }))).toBe('1130');
  });
});

describe('the kind of invoice (§2–§9)', () => {
  it('1153, 1161: RechazoPrevio without Subsanacion', () => {
    expect(judge(f2({ previousRejection: 'X' }))).toBe('1153');
    expect(judge(f2({ previousRejection: 'S' }))).toBe('1161');
  });
  it('1114: an R5 without TipoRectificativa', () => {
    const { rectificationKind: _kind, ...without } = r5();
    expect(judge({ ...without, huella: recordHuella(without) })).toBe('1114');
  });
  it('1115: an F2 with TipoRectificativa', () => {
    expect(judge(f2({ rectificationKind: 'I' }))).toBe('1115');
  });
  it('1117: an F2 naming FacturasRectificadas', () => {
    expect(judge(f2({ corrects: [ORIGINAL] }))).toBe('1117');
  });
  it('1116: an F1 naming FacturasSustituidas; an F3 without them is taken (they are not obligatory)', () => {
    expect(judge(f1({ replaces: [ORIGINAL] }))).toBe('1116');
    expect(judge(f1({ type: 'F3' }))).toBeNull();
  });
  it('1118: TipoRectificativa S without ImporteRectificacion; with it, taken', () => {
    const substitution = r5({
      rectificationKind: 'S',
      breakdown: [{ ratePct: '10.00', base: '39.00', vat: '3.90' }],
      vatTotal: '3.90',
      total: '42.90',
    });
    expect(judge(substitution)).toBe('1118');
    const amount =
      '<sf:ImporteRectificacion><sf:BaseRectificada>39.00</sf:BaseRectificada><sf:CuotaRectificada>3.90</sf:CuotaRectificada></sf:ImporteRectificacion>';
    expect(judge(substitution, { edit: (xml) => line(xml, DESCRIPTION, amount + DESCRIPTION) })).toBeNull();
  });
  it('1119: ImporteRectificacion on a rectifying invoice by differences', () => {
    const amount =
      '<sf:ImporteRectificacion><sf:BaseRectificada>0</sf:BaseRectificada><sf:CuotaRectificada>0</sf:CuotaRectificada></sf:ImporteRectificacion>';
    expect(judge(r5(), { edit: (xml) => line(xml, DESCRIPTION, amount + DESCRIPTION) })).toBe('1119');
  });
  it('1185: FacturaSinIdentifDestinatarioArt61d S on an F1', () => {
    const flag = '<sf:FacturaSinIdentifDestinatarioArt61d>S</sf:FacturaSinIdentifDestinatarioArt61d>';
    expect(judge(f1(), { edit: (xml) => line(xml, '<sf:Destinatarios>', flag + '<sf:Destinatarios>') })).toBe('1185');
  });
});

describe('the recipients (§13)', () => {
  it('1189: an F1, F3 or R1 without Destinatarios', () => {
    expect(judge(f2({ type: 'F1' }))).toBe('1189');
    expect(judge(f2({ type: 'F3', replaces: [ORIGINAL] }))).toBe('1189');
    expect(judge(r5({ type: 'R1' }))).toBe('1189');
  });
  it('1190: an F2 or R5 with Destinatarios', () => {
    expect(judge(f2({ recipients: [ANA] }))).toBe('1190');
    expect(judge(r5({ recipients: [ANA] }))).toBe('1190');
  });
  it('1111: IDOtro without CodigoPais for an IDType other than 02', () => {
    const passport = f1({ recipients: [{ name: 'John', countryCode: 'US', idType: '03', id: 'P1234567' }] });
    expect(judge(passport)).toBeNull();
    expect(judge(passport, { edit: (xml) => line(xml, '<sf:CodigoPais>US</sf:CodigoPais>', '') })).toBe('1111');
  });
  it('1126: IDOtro with CodigoPais ES for an IDType other than 03 or 07', () => {
    expect(judge(f1({ recipients: [{ name: 'Pau', countryCode: 'ES', idType: '04', id: 'X1234567' }] }))).toBe('1126');
  });
  it('1123: a NIF that is no NIF; 2001 (warning): one whose check letter is wrong', () => {
    expect(judge(f1({ recipients: [{ name: 'Ana', nif: 'ABCDEFGHI' }] }))).toBe('1123');
    expect(judge(f1({ recipients: [{ name: 'Ana', nif: '12345678A' }] }))).toBe('2001');
  });
});

describe('the breakdown (§15)', () => {
  it('1245: an IVA line without ClaveRegimen', () => {
    expect(judge(f2(), { edit: (xml) => line(xml, REGIME, '') })).toBe('1245');
  });
  it('1208: an S1 line without TipoImpositivo or CuotaRepercutida', () => {
    expect(judge(f2(), { edit: (xml) => line(xml, RATE, '') })).toBe('1208');
    expect(judge(f2(), { edit: (xml) => line(xml, VAT, '') })).toBe('1208');
  });
  it('1124: a rate IVA does not have', () => {
    expect(judge(f2({ breakdown: [{ ratePct: '12.00', base: '39.00', vat: '3.90' }] }))).toBe('1124');
  });
  it('1194: 5 % in 2027; 1235: 2 % and 7.5 % in 2027', () => {
    const at = (ratePct: string) => f2({ breakdown: [{ ratePct, base: '39.00', vat: '3.90' }] });
    expect(judge(at('5.00'))).toBe('1194');
    expect(judge(at('2.00'))).toBe('1235');
    expect(judge(at('7.50'))).toBe('1235');
    expect(judge(at('4.00'))).toBeNull();
  });
  it('1197: S2 (reverse charge) on a simplified invoice; 1198: S2 with a rate', () => {
    const s2 = (xml: string) => line(xml, S1, '<sf:CalificacionOperacion>S2</sf:CalificacionOperacion>');
    expect(judge(f2(), { edit: s2 })).toBe('1197');
    expect(judge(f1(), { edit: s2 })).toBe('1198');
  });
  it('1237: a non-subject (N1) IVA line with a rate', () => {
    const n1 = (xml: string) => line(xml, S1, '<sf:CalificacionOperacion>N1</sf:CalificacionOperacion>');
    expect(judge(f2(), { edit: n1 })).toBe('1237');
  });
  it('1238: an exempt line with a rate', () => {
    const exempt = (xml: string) => line(xml, S1, '<sf:OperacionExenta>E1</sf:OperacionExenta>');
    expect(judge(f2(), { edit: exempt })).toBe('1238');
  });
  it('1207: VAT on a line that is not S1 (another tax, not subject)', () => {
    const other = (xml: string) =>
      line(
        line(line(xml, '<sf:Impuesto>01</sf:Impuesto>' + REGIME, '<sf:Impuesto>05</sf:Impuesto>'), RATE, ''),
        S1,
        '<sf:CalificacionOperacion>N1</sf:CalificacionOperacion>',
      );
    expect(judge(f2(), { edit: other })).toBe('1207');
  });
  it('1143: VAT of another sign than its base', () => {
    const flipped = f2({
      breakdown: [{ ratePct: '10.00', base: '39.00', vat: '-3.90' }],
      vatTotal: '-3.90',
      total: '35.10',
    });
    expect(judge(flipped)).toBe('1143');
  });
  it('1142: VAT off base × rate by more than 10.00 €; at exactly 10.00 € it passes', () => {
    const off = (vat: string, total: string) =>
      f2({ breakdown: [{ ratePct: '10.00', base: '39.00', vat }], vatTotal: vat, total });
    expect(judge(off('13.91', '52.91'))).toBe('1142');
    expect(judge(off('13.90', '52.90'))).toBeNull();
  });
  it('1142 and 1143 do not apply to a rectifying invoice by differences (TipoRectificativa I)', () => {
    const odd = r5({
      breakdown: [{ ratePct: '10.00', base: '-39.00', vat: '20.00' }],
      vatTotal: '20.00',
      total: '-19.00',
    });
    expect(judge(odd)).toBeNull();
  });
  it('1150: a simplified invoice over 3,000.00 € + 10.00 €', () => {
    const of = (base: string, vat: string, total: string) =>
      f2({ breakdown: [{ ratePct: '10.00', base, vat }], vatTotal: vat, total });
    expect(judge(of('2736.37', '273.64', '3010.01'))).toBe('1150');
    expect(judge(of('2736.36', '273.64', '3010.00'))).toBeNull();
  });
});

describe('the regimes (§15.6) and FechaOperacion (§7)', () => {
  const regime = (key: string) => (xml: string) => line(xml, REGIME, `<sf:ClaveRegimen>${key}</sf:ClaveRegimen>`);
  const operation = (date: string) => (xml: string) =>
    line(xml, DESCRIPTION, `<sf:FechaOperacion>${date}</sf:FechaOperacion>${DESCRIPTION}`);
  const then =
    (...edits: ((xml: string) => string)[]) =>
    (xml: string) =>
      edits.reduce((x, edit) => edit(x), xml);
  const qualified = (value: string) => (xml: string) =>
    line(xml, S1, `<sf:CalificacionOperacion>${value}</sf:CalificacionOperacion>`);
  const yesterday = { invoice: { ...ORIGINAL, issueDate: '31-12-2026' } };

  it('1173: an operation after today; 1146: after the invoice (a departure invoiced before it sails)', () => {
    expect(judge(f2(), { edit: operation('05-01-2027') })).toBe('1173');
    expect(judge(f2(yesterday), { edit: operation('01-01-2027') })).toBe('1146');
    expect(judge(f2(), { edit: operation('31-12-2026') })).toBeNull();
  });
  it('1257: BaseImponibleACoste under ClaveRegimen 01', () => {
    const base = '</sf:BaseImponibleOimporteNoSujeto>';
    expect(
      judge(f2(), { edit: (xml) => line(xml, base, `${base}<sf:BaseImponibleACoste>39.00</sf:BaseImponibleACoste>`) }),
    ).toBe('1257');
  });
  it('1199: exemption E2 under ClaveRegimen 01', () => {
    const e2 = then(
      (xml) => line(xml, S1, '<sf:OperacionExenta>E2</sf:OperacionExenta>'),
      (xml) => line(xml, RATE, ''),
      (xml) => line(xml, VAT, ''),
    );
    expect(judge(f2(), { edit: e2 })).toBe('1199');
  });
  it('1286, 1200, 1201, 1202, 1203, 1252: lines their ClaveRegimen does not allow', () => {
    expect(judge(f2(), { edit: regime('02') })).toBe('1286');
    expect(judge(f2(), { edit: then(regime('03'), qualified('N1')) })).toBe('1200');
    expect(judge(f2(), { edit: regime('04') })).toBe('1201');
    expect(judge(f2(), { edit: regime('06') })).toBe('1202');
    expect(judge(f2(), { edit: then(regime('07'), qualified('N1')) })).toBe('1203');
    expect(judge(f2(), { edit: regime('08') })).toBe('1252');
  });
  it('1205: ClaveRegimen 10 on an S1 line; 1206: ClaveRegimen 11 at 10 %', () => {
    expect(judge(f1(), { edit: regime('10') })).toBe('1205');
    expect(judge(f1(), { edit: regime('11') })).toBe('1206');
  });
  it('1147, 1148, 1149: ClaveRegimen 14 without a later FechaOperacion, on an F2, to a NIF not of a public body', () => {
    expect(judge(f1(), { edit: regime('14') })).toBe('1147');
    expect(judge(f2(yesterday), { edit: then(regime('14'), operation('01-01-2027')) })).toBe('1148');
    expect(judge(f1(yesterday), { edit: then(regime('14'), operation('01-01-2027')) })).toBe('1149');
  });
});

describe('the totals (§16, §17): accepted with errors', () => {
  it('2006: CuotaTotal off the lines’ VAT by more than 10.00 € (a breakdown that does not add up)', () => {
    expect(judge(f2({ vatTotal: '14.00' }))).toBe('2006');
    expect(judge(f2({ vatTotal: '13.90' }))).toBeNull();
  });
  it('2005: ImporteTotal off base + VAT by more than 10.00 €', () => {
    expect(judge(f2({ total: '53.00' }))).toBe('2005');
    expect(judge(f2({ total: '52.90' }))).toBeNull();
  });
  it('2005 does not apply under ClaveRegimen 03 (REBU)', () => {
    expect(
      judge(f2({ total: '53.00' }), { edit: (xml) => line(xml, REGIME, '<sf:ClaveRegimen>03</sf:ClaveRegimen>') }),
    ).toBeNull();
  });
});

describe('the system (§19)', () => {
  const withSystem = (system: Partial<typeof SYSTEM>) => f2({ system: { ...SYSTEM, ...system } });
  it('1176: a producer NIF that is not one', () => {
    expect(judge(withSystem({ producerNif: 'A08000144' }))).toBe('1176');
  });
  it('1177: IdSistemaInformatico other than two capitals or digits', () => {
    expect(judge(withSystem({ systemId: 'gt' }))).toBe('1177');
    expect(judge(withSystem({ systemId: 'G' }))).toBe('1177');
  });
  it('1220: NombreSistemaInformatico without content', () => {
    expect(judge(withSystem({ systemName: ' ' }))).toBe('1220');
  });
});

describe('time and huellas (§18, §20, §23)', () => {
  it('1244: FechaHoraHusoGenRegistro without its offset', () => {
    expect(judge(f2({ generatedAt: '2027-01-01T10:00:00' }))).toBe('1244');
  });
  it('2004: generated over 240 s ahead of the AEAT’s clock, or sent over 240 s late unless Incidencia S', () => {
    expect(judge(f2({ generatedAt: '2027-01-01T10:04:04+01:00' }))).toBeNull();
    expect(judge(f2({ generatedAt: '2027-01-01T10:04:06+01:00' }))).toBe('2004');
    expect(judge(f2({ generatedAt: '2027-01-01T09:56:06+01:00' }))).toBeNull();
    expect(judge(f2({ generatedAt: '2027-01-01T09:56:04+01:00' }))).toBe('2004');
    expect(judge(f2({ generatedAt: '2027-01-01T09:56:04+01:00' }), { incident: true })).toBeNull();
    expect(judge(f2({ generatedAt: '2027-01-01T10:04:06+01:00' }), { incident: true })).toBe('2004');
  });
  it('1262, 1292: the huella’s length and alphabet', () => {
    expect(judge({ ...f2(), huella: 'ABC' })).toBe('1262');
    expect(judge({ ...f2(), huella: `${'A'.repeat(63)}-` })).toBe('1292');
  });
  it('1291: a previous huella that is not alphanumeric; 2002, 2003 (warnings): its length, its case', () => {
    expect(judge(chainedAfter({ ...LINK, huella: `${'A'.repeat(63)}-` }))).toBe('1291');
    const short = { ...LINK, huella: 'A'.repeat(63) };
    expect(judge(chainedAfter(short), { ctx: { last: short } })).toBe('2002');
    const lower = { ...LINK, huella: LINK.huella.toLowerCase() };
    expect(judge(chainedAfter(lower), { ctx: { last: lower } })).toBe('2003');
  });
  it('1174: RegistroAnterior’s FechaExpedicionFactura that is no date', () => {
    const badDate = { ...LINK, issueDate: '31-02-2027' };
    expect(judge(chainedAfter(badDate), { ctx: { last: badDate } })).toBe('1174');
  });
  it('2008: the previous huella is the record’s own', () => {
    const record = chainedAfter(LINK);
    const same = { ...LINK, huella: record.huella };
    expect(judge({ ...record, previous: same }, { ctx: { last: same } })).toBe('2008');
  });
  it('2000: a huella other than the record’s fields give', () => {
    expect(judge({ ...f2(), total: '42.91' })).toBe('2000');
  });
});

describe('the chain and what the AEAT holds', () => {
  it('1269 (the sandbox’s own): a link to another record than the one received last', () => {
    expect(judge(chainedAfter(LINK), { ctx: { last: { ...LINK, seriesNumber: 'W2027-000099' } } })).toBe('1269');
  });
  it('2007: PrimerRegistro when the issuer has records', () => {
    expect(judge(f2(), { ctx: { last: LINK } })).toBe('2007');
  });
  it('3000: an alta the AEAT holds; an "alta por rechazo" too', () => {
    expect(judge(f2(), { ctx: { held: held('Correcta') } })).toBe('3000');
    expect(judge(f2({ correction: true, previousRejection: 'X' }), { ctx: { held: held('Correcta') } })).toBe('3000');
  });
  it('3002, 3001: a subsanación of a record the AEAT does not hold, or holds as cancelled', () => {
    expect(judge(f2({ correction: true }))).toBe('3002');
    expect(judge(f2({ correction: true }), { ctx: { held: held('Anulada') } })).toBe('3001');
    expect(judge(f2({ correction: true }), { ctx: { held: held('AceptadaConErrores') } })).toBeNull();
  });
  it('3002, 3001: an anulación of a record the AEAT does not hold, or holds as cancelled', () => {
    const cancel = anulacion(ORIGINAL, null, '2027-01-01T10:00:00+01:00');
    expect(judge(cancel)).toBe('3002');
    expect(judge(cancel, { ctx: { held: held('Anulada') } })).toBe('3001');
  });
});

describe('judgeRecord', () => {
  it('answers the first rejection even when a warning comes first in the table', () => {
    // 2001 (a recipient's check letter) is listed before 1142, but a rejection wins.
    const both = f1({
      recipients: [{ name: 'Ana', nif: '12345678A' }],
      breakdown: [{ ratePct: '10.00', base: '39.00', vat: '20.00' }],
      vatTotal: '20.00',
      total: '59.00',
    });
    expect(judge(both)).toBe('1142');
  });

  it('reads amounts and rates as the schema writes them', () => {
    expect([hundredths('12.3'), hundredths('-0.50'), hundredths('+7.'), hundredths('21'), hundredths('1,5')]).toEqual([
      1230n,
      -50n,
      700n,
      2100n,
      null,
    ]);
  });

  it('every code has the AEAT’s text, and the accepted-with-errors codes are the 2xxx ones', () => {
    for (const rule of AEAT_RULES) expect(AEAT_ERROR_TEXTS[rule.code]).toBeTruthy();
    for (const code of ACCEPTED_WITH_ERRORS) expect(code).toMatch(/^2\d{3}$/);
  });
});

// Last, so that it sees every answer above (tests in a file run in order).
describe('the table', () => {
  it('every rule was answered by at least one record above', () => {
    expect([...new Set(AEAT_RULES.map((rule) => rule.code))].filter((code) => !answered.has(code))).toEqual([]);
  });
});

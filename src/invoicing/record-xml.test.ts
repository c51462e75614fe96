import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import { alta, anulacion, chainOfAltas, ISSUER } from '../../tests/fixtures/invoicing-records';
import { escapeXml, MAX_RECORDS_PER_BATCH, NAMESPACES, recordXml, submissionXml } from './record-xml';
import { validateAgainstAeatSchema } from './xsd';

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: false, parseTagValue: false });

describe('escapeXml', () => {
  it('escapes the five markup characters, ampersand first', () => {
    expect(escapeXml(`Tom & Jerry's <"boat">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;boat&quot;&gt;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('keeps accents, emoji and line breaks, refuses what XML 1.0 cannot carry', () => {
    expect(escapeXml('Barceloneta ⛵ àéíóú\n')).toBe('Barceloneta ⛵ àéíóú\n');
    expect(() => escapeXml('bell\u0007')).toThrow(/U\+0007/);
    expect(() => escapeXml('half \uD800 pair')).toThrow(/U\+D800/);
  });
});

describe('recordXml', () => {
  it('writes an alta in the schema order with the chain, the system and the huella', () => {
    const first = alta({ seriesNumber: 'W2027-000001' }, null);
    const second = alta({ seriesNumber: 'W2027-000002' }, first);
    const xml = recordXml(second);
    const names = [...xml.matchAll(/<sf:(\w+)[ >]/g)].map((m) => m[1]);
    expect(names.slice(0, 8)).toEqual([
      'RegistroAlta',
      'IDVersion',
      'IDFactura',
      'IDEmisorFactura',
      'NumSerieFactura',
      'FechaExpedicionFactura',
      'NombreRazonEmisor',
      'TipoFactura',
    ]);
    expect(xml).toContain(
      `<sf:Encadenamiento><sf:RegistroAnterior><sf:IDEmisorFactura>A08000143</sf:IDEmisorFactura><sf:NumSerieFactura>W2027-000001</sf:NumSerieFactura><sf:FechaExpedicionFactura>01-01-2027</sf:FechaExpedicionFactura><sf:Huella>${first.huella}</sf:Huella></sf:RegistroAnterior></sf:Encadenamiento>`,
    );
    expect(xml).toContain(
      '<sf:DetalleDesglose><sf:Impuesto>01</sf:Impuesto><sf:ClaveRegimen>01</sf:ClaveRegimen><sf:CalificacionOperacion>S1</sf:CalificacionOperacion><sf:TipoImpositivo>10.00</sf:TipoImpositivo><sf:BaseImponibleOimporteNoSujeto>39.00</sf:BaseImponibleOimporteNoSujeto><sf:CuotaRepercutida>3.90</sf:CuotaRepercutida></sf:DetalleDesglose>',
    );
    expect(xml).toMatch(
      new RegExp(
        `<sf:FechaHoraHusoGenRegistro>2027-01-01T10:00:00\\+01:00</sf:FechaHoraHusoGenRegistro><sf:TipoHuella>01</sf:TipoHuella><sf:Huella>${second.huella}</sf:Huella></sf:RegistroAlta>$`,
      ),
    );
    expect(recordXml(first)).toContain(
      '<sf:Encadenamiento><sf:PrimerRegistro>S</sf:PrimerRegistro></sf:Encadenamiento>',
    );
  });

  it('writes Subsanacion and RechazoPrevio only when set, before TipoFactura', () => {
    const plain = recordXml(alta({ seriesNumber: 'W2027-000001' }, null));
    expect(plain).not.toContain('Subsanacion');
    expect(plain).not.toContain('RechazoPrevio');
    const resent = recordXml(alta({ seriesNumber: 'W2027-000001', correction: true, previousRejection: 'X' }, null));
    expect(resent).toContain(
      '<sf:NombreRazonEmisor>Las Golondrinas S.A.</sf:NombreRazonEmisor><sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>X</sf:RechazoPrevio><sf:TipoFactura>F2</sf:TipoFactura>',
    );
  });

  it('writes an anulación with the "Anulada" names and no amounts', () => {
    const first = alta({ seriesNumber: 'W2027-000001' }, null);
    const xml = recordXml(anulacion(first.invoice, first));
    expect(xml).toMatch(
      /^<sf:RegistroAnulacion xmlns:sf="[^"]+SuministroInformacion\.xsd"><sf:IDVersion>1\.0<\/sf:IDVersion>/,
    );
    expect(xml).toContain(
      '<sf:IDFactura><sf:IDEmisorFacturaAnulada>A08000143</sf:IDEmisorFacturaAnulada><sf:NumSerieFacturaAnulada>W2027-000001</sf:NumSerieFacturaAnulada><sf:FechaExpedicionFacturaAnulada>01-01-2027</sf:FechaExpedicionFacturaAnulada></sf:IDFactura><sf:Encadenamiento>',
    );
    expect(xml).not.toContain('ImporteTotal');
  });

  it('escapes every text: what the parser reads back is what the record said', () => {
    const record = alta(
      {
        seriesNumber: 'W<2027>&"1"',
        description: `Tom & Jerry's <"boat"> ]]>`,
        issuerName: 'A&B <S.L.>',
        recipients: [{ name: `O'Brien & "Sons"`, countryCode: 'IE', idType: '03', id: 'P<1>&2' }],
        type: 'F1',
      },
      null,
    );
    const doc = parser.parse(recordXml(record)) as Record<string, Record<string, unknown>>;
    const root = doc['sf:RegistroAlta']!;
    expect((root['sf:IDFactura'] as Record<string, string>)['sf:NumSerieFactura']).toBe('W<2027>&"1"');
    expect(root['sf:DescripcionOperacion']).toBe(`Tom & Jerry's <"boat"> ]]>`);
    expect(root['sf:NombreRazonEmisor']).toBe('A&B <S.L.>');
    const recipient = (root['sf:Destinatarios'] as Record<string, Record<string, unknown>>)['sf:IDDestinatario']!;
    expect(recipient['sf:NombreRazon']).toBe(`O'Brien & "Sons"`);
    expect((recipient['sf:IDOtro'] as Record<string, string>)['sf:ID']).toBe('P<1>&2');
  });
});

describe('submissionXml', () => {
  it('wraps each record exactly as recordXml writes it, after a Cabecera naming the issuer', () => {
    const records = chainOfAltas(3);
    const xml = submissionXml(ISSUER, records);
    expect(xml).toContain(
      `<sfLR:RegFactuSistemaFacturacion><sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Las Golondrinas S.A.</sf:NombreRazon><sf:NIF>A08000143</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera><sfLR:RegistroFactura>${recordXml(records[0]!)}</sfLR:RegistroFactura>`,
    );
    for (const record of records)
      expect(xml).toContain(`<sfLR:RegistroFactura>${recordXml(record)}</sfLR:RegistroFactura>`);
    expect(xml).toContain(`xmlns:soapenv="${NAMESPACES.soap}"`);
    expect(xml).toContain(`xmlns:sfLR="${NAMESPACES.lr}"`);
  });

  it('says Incidencia S in the Cabecera only when asked (records sent late), where the schema wants it', async () => {
    const records = chainOfAltas(1);
    expect(submissionXml(ISSUER, records)).not.toContain('RemisionVoluntaria');
    const late = submissionXml(ISSUER, records, { incident: true });
    expect(late).toContain(
      '</sf:ObligadoEmision><sf:RemisionVoluntaria><sf:Incidencia>S</sf:Incidencia></sf:RemisionVoluntaria></sfLR:Cabecera>',
    );
    expect(await validateAgainstAeatSchema(late)).toEqual({ valid: true, errors: [] });
  });

  it('refuses an empty batch and one over the AEAT limit', () => {
    expect(() => submissionXml(ISSUER, [])).toThrow(/at least one/);
    expect(MAX_RECORDS_PER_BATCH).toBe(1000);
    const many = chainOfAltas(1);
    expect(() =>
      submissionXml(
        ISSUER,
        Array.from({ length: 1001 }, () => many[0]!),
      ),
    ).toThrow(/at most 1000/);
  });
});

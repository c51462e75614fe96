import { describe, expect, it } from 'vitest';

import { AeatAnswerError, parseAeatAnswer } from './aeat-answer';
import { validateAeatAnswerSchema } from './xsd';

const NS_R =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_I =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

function line(number: string, operation: string, status: string, extra = ''): string {
  return (
    '<tikR:RespuestaLinea>' +
    `<tikR:IDFactura><tik:IDEmisorFactura>A08000143</tik:IDEmisorFactura><tik:NumSerieFactura>${number}</tik:NumSerieFactura><tik:FechaExpedicionFactura>01-01-2027</tik:FechaExpedicionFactura></tikR:IDFactura>` +
    `<tikR:Operacion><tik:TipoOperacion>${operation}</tik:TipoOperacion></tikR:Operacion>` +
    `<tikR:EstadoRegistro>${status}</tikR:EstadoRegistro>${extra}` +
    '</tikR:RespuestaLinea>'
  );
}

/** Shaped as the AEAT's answers are: tikR/tik prefixes, Body with an Id attribute. */
function envelope(inner: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body Id="Body">' +
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS_R}" xmlns:tik="${NS_I}">${inner}</tikR:RespuestaRegFactuSistemaFacturacion>` +
    '</env:Body></env:Envelope>'
  );
}

const HEAD =
  '<tikR:DatosPresentacion><tik:NIFPresentador>A08000143</tik:NIFPresentador><tik:TimestampPresentacion>2027-01-01T10:00:05+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>' +
  '<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Las Golondrinas S.A.</tik:NombreRazon><tik:NIF>A08000143</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>';

const PARTIAL = envelope(
  '<tikR:CSV>A-YDSW8NLFLANWPM</tikR:CSV>' +
    HEAD +
    '<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>' +
    line('W2027-000001', 'Alta', 'Correcto') +
    line(
      'W2027-000002',
      'Alta',
      'AceptadoConErrores',
      '<tikR:CodigoErrorRegistro>2000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>El cálculo de la huella suministrada es incorrecta.</tikR:DescripcionErrorRegistro>',
    ) +
    line(
      'W2027-000003',
      'Alta',
      'Incorrecto',
      '<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>' +
        '<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202701011000001</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>',
    ) +
    line('W2027-000001', 'Anulacion', 'Correcto'),
);

describe('parseAeatAnswer', () => {
  it('the fixture is a valid answer per RespuestaSuministro.xsd', async () => {
    expect(await validateAeatAnswerSchema(PARTIAL)).toEqual({ valid: true, errors: [] });
  });

  it('reads the batch status, the CSV, the wait and every record line', () => {
    expect(parseAeatAnswer(PARTIAL)).toEqual({
      kind: 'answer',
      answer: {
        batchStatus: 'ParcialmenteCorrecto',
        csv: 'A-YDSW8NLFLANWPM',
        waitSeconds: 60,
        records: [
          {
            invoice: { issuerNif: 'A08000143', seriesNumber: 'W2027-000001', issueDate: '01-01-2027' },
            kind: 'alta',
            status: 'Correcto',
            errorCode: null,
            errorText: null,
          },
          {
            invoice: { issuerNif: 'A08000143', seriesNumber: 'W2027-000002', issueDate: '01-01-2027' },
            kind: 'alta',
            status: 'AceptadoConErrores',
            errorCode: '2000',
            errorText: 'El cálculo de la huella suministrada es incorrecta.',
          },
          {
            invoice: { issuerNif: 'A08000143', seriesNumber: 'W2027-000003', issueDate: '01-01-2027' },
            kind: 'alta',
            status: 'Incorrecto',
            errorCode: '3000',
            errorText: 'Registro de facturación duplicado.',
            duplicateStatus: 'Correcta',
          },
          {
            invoice: { issuerNif: 'A08000143', seriesNumber: 'W2027-000001', issueDate: '01-01-2027' },
            kind: 'anulacion',
            status: 'Correcto',
            errorCode: null,
            errorText: null,
          },
        ],
      },
    });
  });

  it('an all-rejected batch has no CSV; one line is still a list', () => {
    const xml = envelope(
      HEAD +
        '<tikR:TiempoEsperaEnvio>120</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>Incorrecto</tikR:EstadoEnvio>' +
        line('W/2027/7', 'Alta', 'Incorrecto', '<tikR:CodigoErrorRegistro>1108</tikR:CodigoErrorRegistro>'),
    );
    const parsed = parseAeatAnswer(xml);
    expect(parsed.kind === 'answer' && parsed.answer).toMatchObject({
      batchStatus: 'Incorrecto',
      csv: null,
      waitSeconds: 120,
      records: [{ invoice: { seriesNumber: 'W/2027/7' }, status: 'Incorrecto', errorCode: '1108', errorText: null }],
    });
  });

  it('reads a SOAP fault and the AEAT code in its faultstring', () => {
    const xml =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>' +
      '<faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon</faultstring>' +
      '</env:Fault></env:Body></env:Envelope>';
    expect(parseAeatAnswer(xml)).toEqual({
      kind: 'fault',
      fault: {
        faultCode: 'env:Client',
        faultString: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon',
        errorCode: '4102',
      },
    });
  });

  it('refuses what is neither: an HTML error page, a truncated body, unknown states, a DTD', () => {
    expect(() => parseAeatAnswer('<html><body>502 Bad Gateway</body></html>')).toThrow(AeatAnswerError);
    expect(() => parseAeatAnswer(PARTIAL.slice(0, 400))).toThrow(AeatAnswerError);
    expect(() => parseAeatAnswer(PARTIAL.replace('ParcialmenteCorrecto', 'Aceptado'))).toThrow(/EstadoEnvio/);
    expect(() => parseAeatAnswer(PARTIAL.replace('<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio>', ''))).toThrow(
      /TiempoEsperaEnvio/,
    );
    expect(() => parseAeatAnswer('<!DOCTYPE x [<!ENTITY a "b">]>' + PARTIAL.replace(/^<\?xml[^>]*>/, ''))).toThrow(
      /DOCTYPE/,
    );
  });
});

/**
 * The shapes of invoicing's records, shared by the hash (huella), the XML sent to the AEAT, the
 * local AEAT sandbox and the database. Field names follow the AEAT's schemas
 * (SuministroInformacion.xsd) in meaning; values are kept as the XML will carry them (dates as
 * dd-mm-yyyy, amounts as decimal strings with two decimals) so that what is hashed is exactly
 * what is sent.
 */

/** F1 full, F2 simplified, F3 full replacing simplified ones, R1/R5 rectifying (R5: of a simplified one). */
export type InvoiceType = 'F1' | 'F2' | 'F3' | 'R1' | 'R5';

/** How the AEAT identifies one invoice. */
export type InvoiceId = {
  /** The issuer's NIF (IDEmisorFactura). */
  issuerNif: string;
  /** Series and number as printed (NumSerieFactura), e.g. "W2027-000123". */
  seriesNumber: string;
  /** Date of issue, dd-mm-yyyy (FechaExpedicionFactura). */
  issueDate: string;
};

/** The recipient of a full invoice: a Spanish NIF, or another country's id (IDOtro). */
export type Recipient =
  | { name: string; nif: string }
  | {
      name: string;
      /** ISO 3166-1 alpha-2 (CodigoPais). */
      countryCode: string;
      /** IDType: 02 EU VAT number (NIF-IVA), 03 passport, 04 official id of the country, 05 residence certificate, 06 other. */
      idType: '02' | '03' | '04' | '05' | '06';
      id: string;
    };

/** One line of the tax breakdown (DetalleDesglose), all amounts as "123.45". */
export type VatBreakdownLine = {
  /** TipoImpositivo, e.g. "21.00" or "10.00". */
  ratePct: string;
  /** BaseImponibleOimporteNoSujeto. */
  base: string;
  /** CuotaRepercutida. */
  vat: string;
};

/** What the software says about itself (SistemaInformatico), from configuration. */
export type BillingSystem = {
  producerName: string;
  producerNif: string;
  systemName: string;
  /** IdSistemaInformatico: two characters. */
  systemId: string;
  version: string;
  installationNumber: string;
  /** TipoUsoPosibleSoloVerifactu / TipoUsoPosibleMultiOT / IndicadorMultiplesOT as S/N. */
  onlyVerifactu: boolean;
  multipleTaxpayers: boolean;
  severalTaxpayersNow: boolean;
};

/** The previous record of the chain (RegistroAnterior); absent on the issuer's first record. */
export type ChainLink = InvoiceId & { huella: string };

/** A registro de alta: one issued invoice. */
export type IssueRecord = {
  kind: 'alta';
  invoice: InvoiceId;
  issuerName: string;
  type: InvoiceType;
  /** For R1/R5: "I" (by differences, what we issue). */
  rectificationKind?: 'I' | 'S';
  /** The invoices an R1/R5 corrects, or an F3 replaces. */
  corrects?: InvoiceId[];
  replaces?: InvoiceId[];
  description: string;
  recipients?: Recipient[];
  breakdown: VatBreakdownLine[];
  /** CuotaTotal and ImporteTotal, "12.35" (negative for a rectifying invoice by differences). */
  vatTotal: string;
  total: string;
  previous: ChainLink | null;
  system: BillingSystem;
  /** FechaHoraHusoGenRegistro: Madrid time with its offset, e.g. 2027-01-01T19:20:30+01:00. */
  generatedAt: string;
  /** SHA-256, upper-case hex. */
  huella: string;
  /** Subsanacion: a corrected re-send of a record the AEAT accepted with errors or rejected. */
  correction?: boolean;
  /** RechazoPrevio: "S" when re-sent after a rejection, "X" when the AEAT never recorded it. */
  previousRejection?: 'S' | 'X';
};

/** A registro de anulación: an invoice issued in error, cancelled (never deleted). */
export type CancellationRecord = {
  kind: 'anulacion';
  invoice: InvoiceId;
  previous: ChainLink | null;
  system: BillingSystem;
  generatedAt: string;
  huella: string;
};

export type InvoiceRecord = IssueRecord | CancellationRecord;

/** The obligated issuer (ObligadoEmision) of a batch. */
export type Issuer = { name: string; nif: string; address: string };

/** The AEAT's answer for one record. */
export type RecordStatus = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export type SubmissionAnswer = {
  /** Correcto / ParcialmenteCorrecto / Incorrecto for the whole batch (EstadoEnvio). */
  batchStatus: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** CSV: the AEAT's secure verification code of the submission (absent when all was rejected). */
  csv: string | null;
  /** TiempoEsperaEnvio: seconds to wait before the next submission. */
  waitSeconds: number;
  records: {
    invoice: InvoiceId;
    kind: InvoiceRecord['kind'];
    status: RecordStatus;
    errorCode: string | null;
    errorText: string | null;
    /**
     * With error 3000 (duplicate), the state of the record the AEAT already holds (RegistroDuplicado/
     * EstadoRegistroDuplicado): "Correcta" means a retried record was in fact registered the first time.
     */
    duplicateStatus?: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
  }[];
};

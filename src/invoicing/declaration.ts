import { readFileSync } from 'node:fs';
import path from 'node:path';

import { env } from '../lib/env';
import { billingSystem, issuer } from './config';

/**
 * The producer's declaración responsable (docs/verifactu-declaracion-responsable.md) filled from
 * configuration, as the back office serves it: every item of Orden HAC/1177/2024 art. 15.1, the
 * producer's postal address (j) and the place and date it was signed (l) included. The date is
 * the configured date of signature, not the day the text is downloaded: a declaration is signed
 * once per version of the system. The comment block of the template, which is for us, is left out.
 */

/** A configured value production requires (src/lib/env.ts), still missing on a local or test run. */
const unsigned = (name: string) => `[pendiente: ${name} sin configurar]`;

/** "2026-12-01" → "1 de diciembre de 2026", as a Spanish document writes a date. */
export function declarationDate(isoDate: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function declarationText(template = readTemplate()): string {
  const config = env();
  const system = billingSystem();
  const who = issuer();
  const yesNo = (value: boolean) => (value ? 'S (sí)' : 'N (no)');
  const values: Record<string, string> = {
    producerName: system.producerName,
    producerNif: system.producerNif,
    // The operator's address when the operator is the producer (env.ts requires another
    // producer's own address with its name).
    producerAddress: config.VERIFACTU_PRODUCER_ADDRESS ?? who.address,
    systemName: system.systemName,
    systemId: system.systemId,
    systemVersion: system.version,
    installationNumber: system.installationNumber,
    onlyVerifactu: yesNo(system.onlyVerifactu),
    multipleTaxpayers: yesNo(system.multipleTaxpayers),
    severalTaxpayersNow: yesNo(system.severalTaxpayersNow),
    issuerName: who.name,
    issuerNif: who.nif,
    issuerAddress: who.address,
    declarationPlace: config.VERIFACTU_DECLARATION_PLACE ?? unsigned('VERIFACTU_DECLARATION_PLACE'),
    declarationDate: config.VERIFACTU_DECLARATION_DATE
      ? declarationDate(config.VERIFACTU_DECLARATION_DATE)
      : unsigned('VERIFACTU_DECLARATION_DATE'),
  };
  return template.replace(/<!--[\s\S]*?-->\n*/g, '').replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The declaration names ${placeholder}, which configuration does not fill`);
    return value;
  });
}

function readTemplate(): string {
  return readFileSync(path.join(process.cwd(), 'docs', 'verifactu-declaracion-responsable.md'), 'utf8');
}

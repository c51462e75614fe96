import { readFileSync } from 'node:fs';
import path from 'node:path';

import { billingSystem, issuer } from './config';

/**
 * The producer's declaración responsable (docs/verifactu-declaracion-responsable.md) filled from
 * configuration, as the back office shows and serves it. The comment block of the template, which
 * is for us, is left out.
 */
export function declarationText(date: string, template = readTemplate()): string {
  const system = billingSystem();
  const who = issuer();
  const yesNo = (value: boolean) => (value ? 'S' : 'N');
  const values: Record<string, string> = {
    producerName: system.producerName,
    producerNif: system.producerNif,
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
    date,
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

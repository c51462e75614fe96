import { beforeEach, describe, expect, it, vi } from 'vitest';

import { parseEnv, type Env } from '../lib/env';
import { SYSTEM_ID, SYSTEM_NAME, SYSTEM_VERSION } from './config';
import { declarationDate, declarationText } from './declaration';

let current: Env;
vi.mock('../lib/env', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/env')>()),
  env: () => current,
}));

const configured = {
  INVOICE_ISSUER_NAME: 'Las Golondrinas SA',
  INVOICE_ISSUER_NIF: 'A08000001',
  INVOICE_ISSUER_ADDRESS: 'Moll de les Drassanes, s/n, 08039 Barcelona',
  VERIFACTU_PRODUCER_NAME: 'Programari del Port SL',
  VERIFACTU_PRODUCER_NIF: 'B08000002',
  VERIFACTU_PRODUCER_ADDRESS: 'Carrer de la Mercè 12, 08002 Barcelona',
  VERIFACTU_INSTALLATION: 'taquilla-1',
  VERIFACTU_DECLARATION_PLACE: 'Barcelona',
  VERIFACTU_DECLARATION_DATE: '2026-12-01',
};

/** The text of item `letter` of art. 15.1, from its bold label to the next item. */
function item(text: string, letter: string): string {
  const start = text.indexOf(`**${letter}) `);
  expect(start, `item ${letter})`).toBeGreaterThanOrEqual(0);
  const next = text.slice(start + 4).search(/\*\*[a-l]\) /);
  return text.slice(start, next < 0 ? undefined : start + 4 + next).replace(/\s+/g, ' ');
}

describe('the declaración responsable', () => {
  beforeEach(() => {
    current = parseEnv(configured);
  });

  it('has every item of Orden HAC/1177/2024 art. 15.1, a to l, filled from configuration', () => {
    const text = declarationText();
    expect(text).not.toMatch(/\{\{|\}\}|<!--|pendiente/);
    expect(item(text, 'a')).toContain(SYSTEM_NAME);
    expect(item(text, 'b')).toContain(SYSTEM_ID);
    expect(item(text, 'c')).toContain(`${SYSTEM_VERSION} (número de instalación taquilla-1)`);
    expect(item(text, 'd')).toMatch(/SQLite.*PostgreSQL/);
    expect(item(text, 'e')).toContain('«VERI\\*FACTU»**: S (sí)');
    expect(item(text, 'f')).toContain('N (no)');
    expect(item(text, 'g')).toContain('no aplica');
    expect(item(text, 'h')).toContain('Programari del Port SL');
    expect(item(text, 'i')).toContain('B08000002');
    // j) the producer's postal address, as configured for the producer, not the operator's.
    expect(item(text, 'j')).toContain('Carrer de la Mercè 12, 08002 Barcelona');
    expect(item(text, 'k')).toContain('artículo 29.2.j) de la Ley 58/2003');
    // l) where and when it was signed, as configured: not the day it is downloaded.
    expect(item(text, 'l')).toContain('Barcelona, 1 de diciembre de 2026.');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Las Golondrinas SA, NIF A08000001, Moll de les Drassanes, s/n, 08039 Barcelona',
    );
  });

  it('says only what both databases do: triggers refuse changes and deletions, invoices:verify shows them', () => {
    const text = declarationText().replace(/\s+/g, ' ');
    expect(text).not.toMatch(/La base de datos impide/);
    expect(text).toContain(
      'En las dos bases de datos que admite (SQLite y PostgreSQL), unos disparadores (_triggers_) rechazan toda modificación y todo borrado de las facturas y de los registros de facturación',
    );
    expect(text).toContain('`npm run invoices:verify` recalcula la huella de cada registro');
  });

  it('gives the operator’s address for the producer when the operator produces it', () => {
    current = parseEnv({
      ...configured,
      VERIFACTU_PRODUCER_NAME: '',
      VERIFACTU_PRODUCER_NIF: '',
      VERIFACTU_PRODUCER_ADDRESS: '',
    });
    const text = declarationText();
    expect(item(text, 'h')).toContain('Las Golondrinas SA');
    expect(item(text, 'j')).toContain('Moll de les Drassanes, s/n, 08039 Barcelona');
  });

  it('says a local run’s declaration is unsigned instead of dating it today', () => {
    current = parseEnv({ ...configured, VERIFACTU_DECLARATION_PLACE: '', VERIFACTU_DECLARATION_DATE: '' });
    expect(item(declarationText(), 'l')).toContain(
      '[pendiente: VERIFACTU_DECLARATION_PLACE sin configurar], [pendiente: VERIFACTU_DECLARATION_DATE sin configurar]',
    );
  });

  it('writes the date of signature as a Spanish document does', () => {
    expect(declarationDate('2027-01-01')).toBe('1 de enero de 2027');
    expect(declarationDate('2026-11-30')).toBe('30 de noviembre de 2026');
  });

  it('refuses a placeholder nobody fills, instead of printing it', () => {
    expect(() => declarationText('Hola {{unknown}}')).toThrow(/unknown/);
  });
});

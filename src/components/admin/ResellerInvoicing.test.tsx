import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import { ResellerInvoicingNotice } from './ResellerInvoicingNotice';

const complete = { legalName: 'Blue Tours, S.L.', taxId: 'b-12.345.674', address: 'Passeig de Colom 1' };

describe('the invoicing notice on a reseller’s admin page', () => {
  it.each(['ca', 'es', 'en', 'fr'] as const)('says whom its bookings are invoiced to, in %s', (language) => {
    const t = opsMessages(language).resellerInvoicing;
    const html = renderToStaticMarkup(<ResellerInvoicingNotice details={complete} t={t} />);
    expect(html).toContain(t.complete.replace('{name}', 'Blue Tours, S.L.').replace('{taxId}', 'B12345674'));
    expect(html).not.toContain('reseller-invoicing-warning');
  });

  it('warns, without blocking, while a detail is missing, naming what is missing', () => {
    const t = opsMessages('es').resellerInvoicing;
    const html = renderToStaticMarkup(
      <ResellerInvoicingNotice details={{ legalName: 'Blue Tours', taxId: '', address: ' ' }} t={t} />,
    );
    expect(html).toContain('reseller-invoicing-warning');
    expect(html).toContain(t.incomplete);
    expect(html).toContain('Falta: NIF, dirección.');
  });

  it('a reseller that sells as our agent: its travellers get simplified invoices, whatever its details', () => {
    const t = opsMessages('en').resellerInvoicing;
    for (const details of [complete, { legalName: '', taxId: '', address: '' }]) {
      const html = renderToStaticMarkup(<ResellerInvoicingNotice details={details} model="agent" t={t} />);
      expect(html).toContain(t.agent);
      expect(html).not.toContain('reseller-invoicing-warning');
    }
  });

  it('warns when the tax id does not add up', () => {
    const t = opsMessages('en').resellerInvoicing;
    const html = renderToStaticMarkup(<ResellerInvoicingNotice details={{ ...complete, taxId: 'B12345675' }} t={t} />);
    expect(html).toContain('reseller-invoicing-warning');
    expect(html).toContain(t.invalid);
    expect(html).not.toContain('Missing:');
  });
});

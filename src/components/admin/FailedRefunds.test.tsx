import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import { FailedRefunds } from './FailedRefunds.client';

const refused = { id: 7, reference: 'ABC123XYZ', amountCents: 2350, gatewayCode: 'SIS0057', attempts: 2 };

describe('refunds the bank refused, on the today board', () => {
  it.each([
    ['ca', 'Reemborsaments que el banc ha rebutjat', '23,50'],
    ['es', 'Reembolsos que el banco ha rechazado', '23,50'],
    ['en', 'Refunds the bank refused', '€23.50'],
    ['fr', 'Remboursements refusés par la banque', '23,50'],
  ] as const)(
    'lists each with its booking, amount, bank code, attempts and a retry, in %s',
    (language, title, amount) => {
      const t = opsMessages(language);
      const html = renderToStaticMarkup(<FailedRefunds initial={[refused]} language={language} t={t} />);
      expect(html).toContain(title);
      expect(html).toContain('href="/admin/ops/bookings/ABC123XYZ"');
      expect(html).toContain(amount);
      expect(html).toContain('SIS0057');
      expect(html).toMatch(/<dd>2<\/dd>/);
      expect(html).toContain(`>${t.failedRefunds.retry}</button>`);
      expect(html).toContain('role="status"');
    },
  );

  it('shows nothing when every refund went through', () => {
    expect(renderToStaticMarkup(<FailedRefunds initial={[]} language="en" t={opsMessages('en')} />)).toBe('');
  });
});

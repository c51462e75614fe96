import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import ca from '@/i18n/messages/shop/ca.json';
import en from '@/i18n/messages/shop/en.json';
import es from '@/i18n/messages/shop/es.json';
import fr from '@/i18n/messages/shop/fr.json';

import { DetailsStep } from './DetailsStep.client';
import { ReviewStep } from './ReviewStep.client';
import type { Hold } from './use-hold';
import type { BookingFields } from './use-booking-fields';
import type { BookingReview, ShopMessages } from './types';

const shop = en.shop as unknown as ShopMessages;

function fieldsWith(values: Record<string, string>, errors: Record<string, string> = {}): BookingFields {
  return {
    values,
    shown: (name: string) => errors[name],
    change: () => {},
    blur: () => {},
  } as unknown as BookingFields;
}

const checkbox = (html: string) => /<input type="checkbox"[^>]*>/.exec(html)?.[0] ?? '';

const typed = {
  name: 'Marta',
  surnames: 'Vidal',
  email: 'marta@example.com',
  phone: '933 000 000',
  mobilePhone: '600 000 000',
  comments: '',
  invoiceName: 'Escola del Mar SL',
  invoiceTaxId: 'B12345675',
  invoiceAddress: '',
};

describe('"I need an invoice" in the booking form', () => {
  it('is a box, unticked, with the details hidden until it is ticked', () => {
    const html = renderToStaticMarkup(
      <DetailsStep
        ids="f"
        text={shop.form}
        invoiceText={shop.invoice}
        fields={fieldsWith({ ...typed, invoice: '' })}
      />,
    );
    expect(checkbox(html)).toContain('name="invoice"');
    expect(checkbox(html)).not.toContain('checked');
    expect(html).toContain('I need an invoice');
    expect(html).not.toContain('name="invoiceTaxId"');
  });

  it('once ticked asks for name or company, tax id and address, keeping what was typed and showing the errors', () => {
    const html = renderToStaticMarkup(
      <DetailsStep
        ids="f"
        text={shop.form}
        invoiceText={shop.invoice}
        fields={fieldsWith(
          { ...typed, invoice: 'on' },
          { invoiceTaxId: shop.errors.taxIdCheckDigit!, invoiceAddress: 'Required field' },
        )}
      />,
    );
    expect(checkbox(html)).toContain('checked=""');
    expect(html).toContain('<label for="f-invoiceName">Name or company</label>');
    expect(html).toContain('value="Escola del Mar SL"');
    expect(html).toContain('value="B12345675"');
    expect(html).toMatch(/id="f-invoiceTaxId"[^>]*aria-invalid="true"[^>]*aria-describedby="f-invoiceTaxId-error"/);
    expect(html).toContain(`<p id="f-invoiceTaxId-error"`);
    expect(html).toContain(shop.errors.taxIdCheckDigit);
  });

  it('has every text in the four languages', () => {
    const keys = Object.keys(en.shop.invoice).sort();
    for (const messages of [ca, es, fr]) expect(Object.keys(messages.shop.invoice).sort()).toEqual(keys);
    for (const messages of [ca, es, en, fr]) expect(messages.shop.invoice.fullInvoiceTo).toMatch(/\{name\}.*\{taxId\}/);
  });
});

describe('the review step', () => {
  const review = {
    reference: 'GOL-7K2M9Q',
    status: 'held',
    holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    holdExtended: false,
    departure: { date: '2027-07-14', time: '11:00', boardingTime: '10:45', startsAt: '2027-07-14T09:00:00Z' },
    seats: 2,
    totalCents: 3_000,
    customer: null,
  } as unknown as BookingReview;
  const hold = { expired: false, backFromPayment: false, timeLeft: '10:00' } as unknown as Hold;
  const render = (shown: BookingReview) =>
    renderToStaticMarkup(
      <ReviewStep ids="f" locale="en" messages={shop} review={shown} hold={hold} busy={false} formError={null} />,
    );

  it('says whom the full invoice will name', () => {
    const html = render({ ...review, invoice: { name: 'Escola del Mar SL', taxId: 'B12345674' } });
    expect(html).toContain('Full invoice to: Escola del Mar SL (B12345674)');
  });

  it('says nothing of an invoice when none was asked for', () => {
    expect(render(review)).not.toContain('review-invoice');
  });
});

import { getMessages } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

import { BookingLauncher } from './BookingLauncher.client';
import { earlyErrors } from './booking-form/late-texts';
import type { ShopMessages } from './BookingForm.client';

/**
 * The tour page's booking block. Server-rendered shell with the shop's messages; everything live
 * (seats, prices, the hold) comes from /api/shop in the browser, so the page itself stays cached.
 */
export async function BookingSection({ slug, locale }: { slug: string; locale: Locale }) {
  const all = (await getMessages({ locale })) as unknown as { shop: ShopMessages & { form: Record<string, string> } };
  return (
    <section id="reservar" aria-labelledby="booking-heading" className="booking">
      <h2 id="booking-heading">{all.shop.form.title}</h2>
      <BookingWidget slug={slug} locale={locale} />
    </section>
  );
}

/** The booking launcher and form alone, for a page that provides its own `#reservar` section. */
export async function BookingWidget({ slug, locale }: { slug: string; locale: Locale }) {
  const all = (await getMessages({ locale })) as unknown as { shop: ShopMessages & { form: Record<string, string> } };
  const { errors, form, review } = all.shop;
  // The invoice fields' texts and the late errors come with the form's code when it opens
  // (use-invoice-texts.ts, late-texts.ts), so this page's HTML stays within the first round trip.
  const formErrors = earlyErrors(errors);
  return (
    <BookingLauncher
      slug={slug}
      locale={locale}
      messages={{ errors: formErrors, form, review, invoice: {} }}
      openLabel={form.title ?? ''}
    />
  );
}

import { getMessages } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

import { BookingLauncher } from './BookingLauncher.client';

type FormTitle = { shop: { form: { title?: string; loadFailed?: string } } };

/**
 * The tour page's booking block. Server-rendered shell; the form's texts come with its code when
 * the visitor reaches for it, and everything live (seats, prices, the hold) from /api/shop in the
 * browser, so the page itself stays cached and small.
 */
export async function BookingSection({ slug, locale }: { slug: string; locale: Locale }) {
  const all = (await getMessages({ locale })) as unknown as FormTitle;
  return (
    <section id="reservar" aria-labelledby="booking-heading" className="booking">
      <h2 id="booking-heading">{all.shop.form.title}</h2>
      <BookingWidget slug={slug} locale={locale} />
    </section>
  );
}

/** The booking launcher alone, for a page that provides its own `#reservar` section. */
export async function BookingWidget({ slug, locale }: { slug: string; locale: Locale }) {
  const all = (await getMessages({ locale })) as unknown as FormTitle;
  return (
    <BookingLauncher
      slug={slug}
      locale={locale}
      openLabel={all.shop.form.title ?? ''}
      loadFailedText={all.shop.form.loadFailed ?? ''}
    />
  );
}

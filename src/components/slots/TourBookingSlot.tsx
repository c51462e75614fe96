import { getTranslations } from 'next-intl/server';

import { BookingWidget } from '@/components/shop/BookingSection';
import type { Locale } from '@/i18n/locales';
import { requestTourHref } from '@/i18n/routes';

/**
 * The ticket shop inside the tour page's `#reservar` section. A tour sold on request has no
 * tickets to book: it offers its request form, filled in with the tour, straight away.
 */
export async function TourBookingSlot({
  locale,
  tourSlug,
  onRequest = false,
}: {
  locale: Locale;
  tourSlug: string;
  onRequest?: boolean;
  phone?: string | null;
}) {
  if (onRequest) {
    const t = await getTranslations({ locale, namespace: 'shop.form' });
    return (
      <div data-slot="tour-booking">
        <p>{t('onRequest')}</p>
        <p>
          <a className="button" href={requestTourHref(locale, tourSlug)} data-testid="request-this-tour">
            {t('requestThisTour')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div data-slot="tour-booking">
      <BookingWidget slug={tourSlug} locale={locale} />
    </div>
  );
}

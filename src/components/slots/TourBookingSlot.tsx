import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

/**
 * SLOT for the ticket shop: the purchase form of one tour, inside the page's `#reservar` section.
 * The ticket-shop work replaces the body of this component and keeps its name and props.
 */
export async function TourBookingSlot({ locale, phone }: { locale: Locale; tourSlug: string; phone?: string | null }) {
  const t = await getTranslations({ locale, namespace: 'content.slots' });
  return (
    <div className="slot" data-slot="tour-booking">
      <p>{t('bookingPending')}</p>
      {phone ? (
        <p>
          <a className="button" href={`tel:${phone.replace(/\s+/g, '')}`}>
            {phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

import { BookingWidget } from '@/components/shop/BookingSection';
import type { Locale } from '@/i18n/locales';

/** The ticket shop inside the tour page's `#reservar` section. */
export async function TourBookingSlot({
  locale,
  tourSlug,
}: {
  locale: Locale;
  tourSlug: string;
  phone?: string | null;
}) {
  return (
    <div data-slot="tour-booking">
      <BookingWidget slug={tourSlug} locale={locale} />
    </div>
  );
}

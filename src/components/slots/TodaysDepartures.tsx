import { TodaysDeparturesSection } from '@/components/shop/TodaysDeparturesSection';
import type { Locale } from '@/i18n/locales';

export type DepartureTour = {
  slug: string;
  title: string;
  departuresWeekday: string | null;
  departuresWeekend: string | null;
};

/** Today's departures on the home page, with seats read live from the ticket shop. */
export async function TodaysDepartures({ locale }: { locale: Locale; tours?: DepartureTour[] }) {
  return (
    <div data-slot="todays-departures">
      <TodaysDeparturesSection locale={locale} />
    </div>
  );
}

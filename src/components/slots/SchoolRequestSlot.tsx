import { RequestFormSection } from '@/components/requests/RequestFormSection';
import type { Locale } from '@/i18n/locales';

/** The school tour page's reservation request (at least 40 students). */
export async function SchoolRequestSlot({
  locale,
  schoolSlug,
}: {
  locale: Locale;
  schoolSlug: string;
  email?: string | null;
}) {
  return (
    <div data-slot="school-request">
      <RequestFormSection kind="school" locale={locale} schoolTour={schoolSlug} />
    </div>
  );
}

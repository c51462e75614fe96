import { RequestFormSection } from '@/components/requests/RequestFormSection';
import type { Locale } from '@/i18n/locales';

/** The contact page's form: stored first, then mailed to the operator and acknowledged. */
export async function ContactFormSlot({ locale }: { locale: Locale; email?: string | null }) {
  return (
    <div data-slot="contact-form">
      <RequestFormSection kind="contact" locale={locale} />
    </div>
  );
}

import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

/**
 * SLOT for the requests work: the contact form goes here. Replace the body of this component and
 * keep its name and props.
 */
export async function ContactFormSlot({ locale, email }: { locale: Locale; email?: string | null }) {
  const t = await getTranslations({ locale, namespace: 'content.slots' });
  return (
    <div className="slot" data-slot="contact-form">
      <p>{t('contactFormPending')}</p>
      {email ? (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      ) : null}
    </div>
  );
}

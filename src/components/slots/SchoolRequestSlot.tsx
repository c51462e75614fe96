import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

/**
 * SLOT for the requests work: the school reservation form (min. 40 students) goes here.
 * Replace the body of this component and keep its name and props.
 */
export async function SchoolRequestSlot({
  locale,
  email,
}: {
  locale: Locale;
  schoolSlug: string;
  email?: string | null;
}) {
  const t = await getTranslations({ locale, namespace: 'content.slots' });
  return (
    <div className="slot" data-slot="school-request">
      <p>{t('schoolFormPending')}</p>
      {email ? (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      ) : null}
    </div>
  );
}

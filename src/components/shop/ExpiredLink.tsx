import { getTranslations } from 'next-intl/server';

import { LINK_AFTERMATH_DAYS } from '@/booking/signature';
import { getSite } from '@/content/site';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';

/**
 * What a signed booking link says once its time is up (booking/signature.ts): that it expired,
 * not that it is wrong, and how to get a new one, since only the office can send one.
 */
export async function ExpiredLink({ locale, reference, title }: { locale: Locale; reference: string; title: string }) {
  const [t, site] = await Promise.all([getTranslations({ locale, namespace: 'tickets.expired' }), getSite(locale)]);
  const phone = site.contact?.phone;
  const email = site.contact?.email;
  return (
    <article className="page" data-testid="link-expired">
      <h1>{title}</h1>
      <p className="lead" role="alert">
        {t('lead', { days: LINK_AFTERMATH_DAYS })}
      </p>
      <p>{t('help', { reference })}</p>
      <ul>
        {email ? (
          <li>
            {t('email')}: <a href={`mailto:${email}`}>{email}</a>
          </li>
        ) : null}
        {phone ? (
          <li>
            {t('phone')}: <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          </li>
        ) : null}
        <li>
          <a href={pathFor('contact', locale)}>{t('contact')}</a>
        </li>
      </ul>
    </article>
  );
}

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { JsonLd } from '@/components/content/JsonLd';
import { MapSection } from '@/components/content/MapSection';
import { Prose } from '@/components/content/Prose';
import { ContactFormSlot } from '@/components/slots/ContactFormSlot';
import { getSite } from '@/content/site';
import { localBusiness } from '@/content/structured-data';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';
import { pageMetadata } from '@/lib/metadata';
import { resolveLocale } from '@/i18n/page-locale';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.contact' });
  return pageMetadata({ locale, route: 'contact', title: t('title'), description: t('description') });
}

export default async function ContactPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tc, site] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.contact' }),
    getTranslations({ locale, namespace: 'content.contact' }),
    getSite(locale),
  ]);
  const point = typeof site.boardingPoint === 'object' && site.boardingPoint ? site.boardingPoint : undefined;
  const phone = site.contact?.phone;
  const email = site.contact?.email;
  return (
    <article className="page">
      <Breadcrumbs locale={locale} trail={[{ name: t('title'), href: pathFor('contact', locale) }]} />
      <h1>{t('heading')}</h1>
      <p className="lead">{t('description')}</p>
      <div className="tour-columns">
        <section className="section card" aria-labelledby="details-heading">
          <h2 id="details-heading">{tc('details')}</h2>
          <dl className="contact-details">
            {site.contact?.address ? (
              <div>
                <dt>{tc('address')}</dt>
                <dd>{site.contact.address}</dd>
              </div>
            ) : null}
            {phone ? (
              <div>
                <dt>{tc('phone')}</dt>
                <dd>
                  <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                </dd>
              </div>
            ) : null}
            {email ? (
              <div>
                <dt>{tc('email')}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            ) : null}
          </dl>
          {site.openingTimes ? (
            <>
              <h3>{tc('openingTimes')}</h3>
              <Prose text={site.openingTimes} />
            </>
          ) : null}
        </section>
        <section className="section" aria-labelledby="form-heading">
          <h2 id="form-heading">{tc('form')}</h2>
          <p>{tc('formIntro')}</p>
          {/* The requests work puts the contact form in this slot. */}
          <ContactFormSlot locale={locale} email={email} />
        </section>
      </div>
      {point ? <MapSection locale={locale} place={point} /> : null}
      <JsonLd data={localBusiness(site, locale, env().SITE_URL, pathFor('home', locale))} />
    </article>
  );
}

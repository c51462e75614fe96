import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';
import { pathFor, type RouteName } from '@/i18n/routes';
import { getSite } from '@/content/site';
import { env } from '@/lib/env';

const informationLinks: { route: RouteName; key: 'about' | 'fleet' | 'past' | 'groups' | 'agencies' | 'contact' }[] = [
  { route: 'about', key: 'about' },
  { route: 'fleet', key: 'fleet' },
  { route: 'past', key: 'past' },
  { route: 'groups', key: 'groups' },
  { route: 'agencies', key: 'agencies' },
  { route: 'contact', key: 'contact' },
];

const legalLinks: { route: RouteName; key: 'legalInfo' | 'companyPolicy' | 'privacy' | 'cookies' | 'terms' }[] = [
  { route: 'legal', key: 'legalInfo' },
  { route: 'companyPolicy', key: 'companyPolicy' },
  { route: 'privacy', key: 'privacy' },
  { route: 'cookies', key: 'cookies' },
  { route: 'terms', key: 'terms' },
];

export async function SiteFooter({ locale }: { locale: Locale }) {
  const [t, tn, tc, site] = await Promise.all([
    getTranslations({ locale, namespace: 'footer' }),
    getTranslations({ locale, namespace: 'nav' }),
    getTranslations({ locale, namespace: 'content.contact' }),
    getSite(locale),
  ]);
  const phone = site.contact?.phone;
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">{site.brand || env().SITE_BRAND}</h2>
          {site.slogan ? <p>{site.slogan}</p> : null}
          <address>
            {site.contact?.address ? <p>{site.contact.address}</p> : null}
            {phone ? (
              <p>
                {tc('phone')}: <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
              </p>
            ) : null}
            {site.contact?.email ? (
              <p>
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              </p>
            ) : null}
          </address>
        </section>
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information">{t('information')}</h2>
          <ul>
            {informationLinks.map(({ route, key }) => (
              <li key={route}>
                <a href={pathFor(route as 'about', locale)}>{tn(key)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('legal')}</h2>
          <ul>
            {legalLinks.map(({ route, key }) => (
              <li key={route}>
                <a href={pathFor(route as 'legal', locale)}>{t(key)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__rights">{t('rights', { year: new Date().getFullYear(), brand: env().SITE_BRAND })}</p>
    </footer>
  );
}

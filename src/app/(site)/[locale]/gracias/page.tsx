import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ThanksBooking } from '@/components/shop/ThanksBooking.client';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';
import { resolveLocale } from '@/i18n/page-locale';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.thanks' });
  return pageMetadata({ locale, route: 'thanks', title: t('title'), description: t('description'), noindex: true });
}

/** Shell of the thank-you page; the ticket shop adds the order summary for the visitor's booking. */
export default async function ThanksPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tt, tk] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.thanks' }),
    getTranslations({ locale, namespace: 'content.thanks' }),
    getTranslations({ locale, namespace: 'tickets' }),
  ]);
  const steps = tt.raw('steps') as string[];
  return (
    <article className="page thanks">
      <p className="eyebrow">{tt('success')}</p>
      <h1>{t('heading')}</h1>
      <p className="lead">{t('description')}</p>
      <div data-slot="order-summary">
        <ThanksBooking locale={locale} messages={{ viewTickets: tk('viewTickets') }} />
      </div>
      <section className="section card" aria-labelledby="next-heading">
        <h2 id="next-heading">{tt('next')}</h2>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <p>
        <a className="button" href={pathFor('home', locale)}>
          {tt('backHome')}
        </a>
      </p>
    </article>
  );
}

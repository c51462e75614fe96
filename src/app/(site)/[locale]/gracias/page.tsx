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

/**
 * Shell of the thank-you page, shared by every visitor: it states nothing about any booking, and
 * its heading does not thank anyone for one. The script asks the visitor's own booking's state
 * (ThanksBooking) and shows it, heading included, so a payment that landed on a cancelled
 * departure reads "refunded", never "confirmed" (issue 28), nor "thank you for booking" (issue 43).
 */
export default async function ThanksPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tt, tn, tk] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.thanks' }),
    getTranslations({ locale, namespace: 'content.thanks' }),
    getTranslations({ locale, namespace: 'notices.state' }),
    getTranslations({ locale, namespace: 'tickets' }),
  ]);
  return (
    <article className="page thanks">
      <div data-slot="order-summary">
        <ThanksBooking
          locale={locale}
          messages={{
            heading: t('heading'),
            headingPending: t('headingPending'),
            checking: tn('checking'),
            unknown: tn('unknown'),
            viewBooking: tn('viewBooking'),
            viewTickets: tk('viewTickets'),
            choose: tn('choose'),
            success: tt('success'),
            next: tt('next'),
            steps: tt.raw('steps') as string[],
          }}
        />
      </div>
      <p>
        <a className="button button--secondary" href={pathFor('home', locale)}>
          {tt('backHome')}
        </a>
      </p>
    </article>
  );
}

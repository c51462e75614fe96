import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { formatEuros } from '@/booking/money';
import { checkBookingLink } from '@/booking/signature';
import { timeText } from '@/i18n/time';
import { ChangeChoice } from '@/components/shop/ChangeChoice.client';
import { ExpiredLink } from '@/components/shop/ExpiredLink';
import { resolveLocale } from '@/i18n/page-locale';
import { pathFor } from '@/i18n/routes';
import { payloadClient } from '@/lib/payload';
import { loadChangePage } from '@/notices/change-page';
import { bookingToChange } from '@/operations/self-change';
import { SelfChange } from '@/components/shop/SelfChange';
import { changeCalendar, dayText } from '@/components/shop/change-calendar';

import styles from '../booking-page.module.css';
import { written } from '@/i18n/written';

// Personal and live: rendered per request, never cached, never indexed.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { reference } = await params;
  const signature = (await searchParams).firma;
  const payload = await payloadClient();
  // The page's own title once the link is good: a booking never disrupted changes its date.
  const valid =
    (await checkBookingLink(payload, reference, typeof signature === 'string' ? signature : '')) === 'valid';
  const own = valid && (await bookingToChange(payload, reference))?.disruptedFrom === null;
  const t = written(
    locale,
    await getTranslations({ locale, namespace: own ? 'notices.selfChange' : 'notices.change' }),
  );
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function ChangePage({ params, searchParams }: Props) {
  const locale = await resolveLocale(params);
  const { reference } = await params;
  const signature = (await searchParams).firma;
  const firma = typeof signature === 'string' ? signature : '';
  const t = written(locale, await getTranslations({ locale, namespace: 'notices.change' }));
  const link = await checkBookingLink(await payloadClient(), reference, firma);
  if (link === 'expired') return <ExpiredLink locale={locale} reference={reference} title={t('title')} />;
  const data = link === 'valid' ? await loadChangePage(await payloadClient(), reference, locale) : null;
  // Never disrupted: the visitor changes date or time of their own accord.
  if (!data && link === 'valid') {
    const own = await SelfChange({ locale, reference, firma });
    if (own) return own;
  }
  if (!data) {
    return (
      <article className="page">
        <h1>{t('title')}</h1>
        <p className="lead" role="alert">
          {t('invalidLink')}
        </p>
      </article>
    );
  }
  const { booking } = data;
  const amount = formatEuros(data.amountCents, locale);
  const intro = (
    <>
      <p className="lead">
        {t('cancelled', {
          tour: data.tourTitle,
          date: dayText(data.cancelledStartsAt, locale),
          time: timeText(data.cancelledStartsAt, locale),
          reason: data.reason,
        })}
      </p>
      <p className={styles.muted}>{t('booking', { reference: booking.reference, seats: booking.seats, amount })}</p>
    </>
  );

  if (booking.status === 'disrupted') {
    const calendar = await changeCalendar(data.alternatives, locale);
    return (
      <article className="page">
        <h1>{t('title')}</h1>
        {intro}
        <ChangeChoice
          mode="move"
          locale={locale}
          reference={booking.reference}
          firma={firma}
          alternatives={calendar.alternatives}
          labels={{
            ...calendar.labels,
            chooseTitle: t('chooseTitle'),
            chooseHelp: t('chooseHelp'),
            move: t('move'),
            none: t('none'),
            refund: { title: t('refundTitle'), help: t('refundHelp', { amount }), button: t('refund', { amount }) },
          }}
        />
      </article>
    );
  }

  const ticketsUrl = `${pathFor('booking', locale, { reference: booking.reference })}?firma=${firma}`;
  return (
    <article className="page">
      <h1>{t('title')}</h1>
      {intro}
      {booking.status === 'paid' && data.current ? (
        <section role="status" className={styles.notice}>
          <h2>
            {t('movedTitle', {
              date: dayText(data.current.startsAt, locale),
              time: timeText(data.current.startsAt, locale),
            })}
          </h2>
          <p>{t('movedHelp')}</p>
          <p>
            <a className="button" href={ticketsUrl}>
              {t('tickets')}
            </a>
          </p>
        </section>
      ) : data.refundStatus ? (
        <section role="status" className={styles.notice}>
          <h2>{t('refundedTitle')}</h2>
          <p>{data.refundStatus === 'failed' ? t('refundFailedHelp') : t('refundedHelp', { amount })}</p>
        </section>
      ) : (
        <p role="status" className={styles.notice}>
          {t('alreadyChosen')}
        </p>
      )}
    </article>
  );
}

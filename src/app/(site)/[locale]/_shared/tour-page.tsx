import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Hero } from '@/components/content/Hero';
import { tourPriceFromCents } from '@/content/price-from';
import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { formatEuros } from '@/booking/money';
import { JsonLd } from '@/components/content/JsonLd';
import { MapSection } from '@/components/content/MapSection';
import { Prose } from '@/components/content/Prose';
import { TimetableSection } from '@/components/content/TimetableSection';
import { WeatherSection } from '@/components/content/WeatherSection';
import { TourBookingSlot } from '@/components/slots/TourBookingSlot';
import { picture } from '@/content/media';
import { getSite } from '@/content/site';
import { faqPage, touristTrip } from '@/content/structured-data';
import { getTourPage } from '@/content/tours';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';
import { pageMetadata } from '@/lib/metadata';
import type { BoardingPoint } from '@/payload-types';

import { DRAWN_WIDTH, Img } from '@/components/content/Img';
import { resolveLocale } from '@/i18n/page-locale';
import { written } from '@/i18n/written';

type Props = { params: Promise<{ locale: string; id: string }> };

const arrivalKeys = ['metro', 'bus', 'train', 'car', 'accessibility'] as const;

/** `/tour/{id}` and its booking-first experiment `/tour-test/{id}` (never indexed). */
export function tourPage(route: 'tour' | 'tourTest') {
  async function load(params: Props['params']) {
    const locale = await resolveLocale(params);
    const { id } = await params;
    const tour = await getTourPage(id, locale);
    if (!tour) notFound();
    return { locale, tour };
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, tour } = await load(params);
    const t = await getTranslations({ locale, namespace: 'pages.tour' });
    return pageMetadata({
      locale,
      route,
      params: { id: tour.slug },
      title: tour.seo?.title || tour.title,
      description:
        tour.seo?.description || tour.summary || t('description', { tour: tour.title, minutes: tour.durationMinutes }),
      noindex: route === 'tourTest',
    });
  }

  async function Page({ params }: Props) {
    const { locale, tour } = await load(params);
    const [t, tc, site] = await Promise.all([
      getTranslations({ locale, namespace: 'content.tour' }),
      getTranslations({ locale, namespace: 'content.common' }).then((t) => written(locale, t)),
      getSite(locale),
    ]);
    const { SITE_URL, SITE_BRAND } = env();
    const path = pathFor(route, locale, { id: tour.slug });
    const hero = picture(tour.heroImage);
    const point = typeof tour.boardingPoint === 'object' && tour.boardingPoint ? tour.boardingPoint : undefined;
    const bookingFirst = route === 'tourTest';
    // From the price list checkout charges, never a separately typed figure.
    const priceFrom = tourPriceFromCents(tour as never);

    const booking = (
      <section id="reservar" className="section booking" aria-labelledby="booking-heading">
        <h2 id="booking-heading">{t('booking')}</h2>
        {tour.booking?.mode === 'onRequest' ? null : <p>{t('bookingIntro')}</p>}
        <TourBookingSlot
          locale={locale}
          tourSlug={tour.slug}
          onRequest={tour.booking?.mode === 'onRequest'}
          phone={site.contact?.phone}
        />
      </section>
    );

    return (
      <article className="page tour-page" data-layout={bookingFirst ? 'booking-first' : 'standard'}>
        <Breadcrumbs locale={locale} trail={[{ name: tour.title, href: path }]} />
        <Hero variant="tour" image={hero}>
          <h1>{tour.title}</h1>
          {tour.summary ? <p className="lead">{tour.summary}</p> : null}
          {bookingFirst ? <p>{t('bookingFirstNote')}</p> : null}
          <p>
            <a className="button button--large" href="#reservar">
              {tc('bookTickets')}
            </a>
          </p>
        </Hero>

        <dl className="facts" aria-label={t('facts')}>
          <div>
            <dt>{t('duration')}</dt>
            <dd>{tc('minutes', { minutes: tour.durationMinutes })}</dd>
          </div>
          {tour.languagesOnBoard?.length ? (
            <div>
              <dt>{t('languages')}</dt>
              <dd>{tour.languagesOnBoard.map((code) => tc(`languageNames.${code}`)).join(', ')}</dd>
            </div>
          ) : null}
          {priceFrom != null ? (
            <div>
              <dt>{t('price')}</dt>
              <dd>{tc('priceFrom', { price: formatEuros(priceFrom, locale) })}</dd>
            </div>
          ) : null}
          {point ? (
            <div>
              <dt>{t('boardingPoint')}</dt>
              <dd>
                <a href="#embarque">{point.name}</a>
              </dd>
            </div>
          ) : null}
        </dl>

        {bookingFirst ? booking : null}

        <div className="tour-columns">
          <section className="section" aria-labelledby="about-heading">
            <h2 id="about-heading">{t('about')}</h2>
            <Prose text={tour.description} />
          </section>
          {tour.includes?.length ? (
            <section className="section card" aria-labelledby="includes-heading">
              <h2 id="includes-heading">{t('includes')}</h2>
              <ul className="checklist">
                {tour.includes.map((row) => (
                  <li key={row.id ?? row.item}>{row.item}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <div className="tour-columns">
          <section className="section" aria-labelledby="departures-heading">
            <h2 id="departures-heading">{t('departures')}</h2>
            <TimetableSection tourId={Number(tour.id)} tourSlug={tour.slug} locale={locale} />
          </section>
          {tour.audioGuide ? (
            <section className="section card" aria-labelledby="audio-heading">
              <h2 id="audio-heading">{t('audioGuide')}</h2>
              <Prose text={tour.audioGuide} />
            </section>
          ) : null}
        </div>

        {bookingFirst ? null : booking}

        {point ? (
          <BoardingSection
            locale={locale}
            point={point}
            title={t('boardingPoint')}
            labels={(k) => t(`howToArrive.${k}`)}
          />
        ) : null}

        {point ? (
          <div className="tour-columns">
            <MapSection locale={locale} place={point} />
            <WeatherSection locale={locale} latitude={point.latitude} longitude={point.longitude} />
          </div>
        ) : null}

        {tour.gallery?.length ? (
          <section className="section" aria-labelledby="gallery-heading">
            <h2 id="gallery-heading">{tc('gallery')}</h2>
            <ul className="photo-strip">
              {tour.gallery.map((row) => {
                const image = picture(row.image);
                return image ? (
                  <li key={row.id ?? image.url}>
                    <Img picture={image} sizes={DRAWN_WIDTH.gridTrack} loading="lazy" decoding="async" />
                  </li>
                ) : null;
              })}
            </ul>
          </section>
        ) : null}

        {tour.faq?.length ? (
          <section className="section faq" aria-labelledby="faq-heading">
            <h2 id="faq-heading">{t('faq')}</h2>
            {tour.faq.map((item) => (
              <details key={item.id ?? item.question}>
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
            <JsonLd data={faqPage(tour.faq)} />
          </section>
        ) : null}

        <JsonLd data={touristTrip(tour, locale, SITE_URL, path, site.brand || SITE_BRAND)} />
      </article>
    );
  }

  return { generateMetadata, Page };
}

export function BoardingSection({
  point,
  title,
  labels,
}: {
  locale: Locale;
  point: BoardingPoint;
  title: string;
  labels: (key: (typeof arrivalKeys)[number]) => string;
}) {
  return (
    <section id="embarque" className="section boarding" aria-labelledby="boarding-heading">
      <h2 id="boarding-heading">{title}</h2>
      <p className="boarding__place">
        <strong>{point.name}</strong>
        <br />
        {point.address}
      </p>
      <dl className="arrival">
        {arrivalKeys.map((key) =>
          point.howToArrive?.[key] ? (
            <div key={key}>
              <dt>{labels(key)}</dt>
              <dd>{point.howToArrive[key]}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  );
}

import type { TourCard as TourCardData } from '@/content/site';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';

import { formatEuros } from '@/booking/money';
import { DRAWN_WIDTH, Img } from './Img';

type Labels = { minutes: (minutes: number) => string; priceFrom: (price: string) => string };

/** One tour in a grid: picture, title (the link), duration and price. The whole card is clickable. */
export function TourCard({
  tour,
  locale,
  labels,
  headingLevel = 3,
}: {
  tour: TourCardData;
  locale: Locale;
  labels: Labels;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <article className="tour-card">
      {tour.image ? (
        <Img
          className="tour-card__image"
          picture={tour.image}
          alt=""
          sizes={DRAWN_WIDTH.gridTrack}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="tour-card__body">
        <Heading className="tour-card__title">
          <a href={pathFor('tour', locale, { id: tour.slug })}>{tour.title}</a>
        </Heading>
        {tour.summary ? <p className="tour-card__summary">{tour.summary}</p> : null}
        <p className="tour-card__meta">
          <span>{labels.minutes(tour.durationMinutes)}</span>
          {tour.priceFromCents !== null ? (
            <span className="tour-card__price">{labels.priceFrom(formatEuros(tour.priceFromCents, locale))}</span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

export function TourGrid({ tours, locale, labels }: { tours: TourCardData[]; locale: Locale; labels: Labels }) {
  return (
    <ul className="tour-grid">
      {tours.map((tour) => (
        <li key={tour.slug}>
          <TourCard tour={tour} locale={locale} labels={labels} />
        </li>
      ))}
    </ul>
  );
}

import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';
import { env } from '@/lib/env';

import { InteractiveMap } from './InteractiveMap.client';

type Place = { name: string; address: string; latitude: number; longitude: number };

/**
 * A light drawing of the quay with the address and a link to OpenStreetMap. The real map
 * (Leaflet and its tiles) is only downloaded when the visitor asks for it.
 */
export async function MapSection({
  locale,
  place,
  headingId = 'map-heading',
}: {
  locale: Locale;
  place: Place;
  headingId?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'content.map' });
  const { MAP_TILE_URL, MAP_ATTRIBUTION } = env();
  const osm = `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=17/${place.latitude}/${place.longitude}`;
  return (
    <section className="section map-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <InteractiveMap
        latitude={place.latitude}
        longitude={place.longitude}
        tileUrl={MAP_TILE_URL}
        attribution={MAP_ATTRIBUTION}
        labels={{
          show: t('show'),
          loading: t('loading'),
          map: t('interactiveLabel', { place: place.name }),
          place: place.name,
        }}
      >
        <svg
          className="map-static"
          viewBox="0 0 640 320"
          role="img"
          aria-label={t('staticLabel', { place: place.name })}
        >
          <rect width="640" height="320" fill="#aad3df" />
          <path d="M0 0 H640 V120 Q560 140 470 118 L420 150 L300 140 Q200 170 120 150 L0 170 Z" fill="#f2efe9" />
          <path d="M0 0 H640 V60 Q520 80 420 66 L300 90 Q180 100 0 96 Z" fill="#e8e0d0" />
          <path d="M60 60 L600 40" stroke="#ffffff" strokeWidth="10" />
          <path d="M300 90 L300 0" stroke="#ffffff" strokeWidth="8" />
          <path d="M180 150 L200 250 L260 250 L250 145 Z" fill="#d9d2c4" />
          <path d="M420 150 L520 230 L560 210 L470 118 Z" fill="#d9d2c4" />
          <g transform="translate(320 150)">
            <circle r="26" fill="#0b5d7a" opacity=".2" />
            <path
              d="M0 -34 C-14 -34 -22 -24 -22 -13 C-22 2 0 22 0 22 C0 22 22 2 22 -13 C22 -24 14 -34 0 -34 Z"
              fill="#c0392b"
              stroke="#fff"
              strokeWidth="3"
            />
            <circle cy="-13" r="7" fill="#fff" />
          </g>
          <path
            d="M360 220 q10 -6 20 0 t20 0 M80 250 q10 -6 20 0 t20 0 M500 280 q10 -6 20 0 t20 0"
            stroke="#fff"
            strokeWidth="2"
            fill="none"
            opacity=".8"
          />
        </svg>
      </InteractiveMap>
      <p className="map-section__address">
        <strong>{place.name}</strong>
        <br />
        {place.address}
      </p>
      <p>
        <a className="button button--secondary" href={osm} rel="noopener noreferrer" target="_blank">
          {t('open')}
        </a>
      </p>
    </section>
  );
}

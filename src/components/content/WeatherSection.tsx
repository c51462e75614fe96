import { getTranslations } from 'next-intl/server';

import { getWeather } from '@/content/weather';
import type { DayWeather, Sky } from '@/content/weather-summary';
import type { Locale } from '@/i18n/locales';

const sun = <circle cx="14" cy="14" r="7" fill="#f4a300" />;
const cloud = <path d="M10 28a7 7 0 0 1 1-13.9A9 9 0 0 1 28.6 16 6 6 0 0 1 28 28Z" fill="#9fb3c2" />;
const drops = <path d="M13 31l-2 5M19 31l-2 5M25 31l-2 5" stroke="#0b5d7a" strokeWidth="2.5" strokeLinecap="round" />;

/** Small drawn icons: emoji fonts are not on every phone and would draw empty boxes. */
function SkyIcon({ sky }: { sky: Sky }) {
  return (
    <svg className="weather__icon" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      {sky === 'clear' ? <circle cx="20" cy="20" r="9" fill="#f4a300" /> : null}
      {sky === 'partlyCloudy' ? sun : null}
      {sky !== 'clear' ? cloud : null}
      {['rain', 'sleet', 'snow', 'thunder'].includes(sky) ? drops : null}
    </svg>
  );
}

export async function WeatherSection({
  locale,
  latitude,
  longitude,
}: {
  locale: Locale;
  latitude: number;
  longitude: number;
}) {
  const [t, weather] = await Promise.all([
    getTranslations({ locale, namespace: 'content.weather' }),
    getWeather(latitude, longitude),
  ]);
  const day = (label: string, value: DayWeather) => (
    <li className="weather__day">
      <h3>{label}</h3>
      <p className="weather__sky">
        <SkyIcon sky={value.sky} />
        {t(`sky.${value.sky}`)}
      </p>
      <p className="weather__temp">{t('temperature', { min: value.minC, max: value.maxC })}</p>
      <p>{t('wind', { speed: Math.round(value.windMs * 3.6) })}</p>
    </li>
  );
  return (
    <section className="section weather" aria-labelledby="weather-heading" data-testid="weather">
      <h2 id="weather-heading">{t('title')}</h2>
      {weather ? (
        <>
          <ul className="weather__days">
            {day(t('today'), weather.today)}
            {weather.tomorrow ? day(t('tomorrow'), weather.tomorrow) : null}
          </ul>
          <p className="weather__source">{t('source')}</p>
        </>
      ) : (
        <p className="weather__unavailable" role="status">
          {t('unavailable')}
        </p>
      )}
    </section>
  );
}

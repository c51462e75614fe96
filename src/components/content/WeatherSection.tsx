import { getTranslations } from 'next-intl/server';

import { getWeather } from '@/content/weather';
import type { DayWeather, Sky } from '@/content/weather-summary';
import type { Locale } from '@/i18n/locales';

const icons: Record<Sky, string> = {
  clear: '☀',
  partlyCloudy: '⛅',
  cloudy: '☁',
  fog: '🌫',
  rain: '🌧',
  sleet: '🌨',
  snow: '❄',
  thunder: '⛈',
};

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
        <span aria-hidden="true" className="weather__icon">
          {icons[value.sky]}
        </span>
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

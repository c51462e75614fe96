import { describe, expect, it } from 'vitest';

import { skyFromSymbol, summarizeForecast } from './weather-summary';

function series(start: string, hours: number, at: (hour: number) => { t: number; w: number; s: string }) {
  const base = new Date(start).getTime();
  return {
    properties: {
      timeseries: Array.from({ length: hours }, (_, h) => {
        const v = at(h);
        return {
          time: new Date(base + h * 3600_000).toISOString(),
          data: {
            instant: { details: { air_temperature: v.t, wind_speed: v.w } },
            next_1_hours: { summary: { symbol_code: v.s } },
          },
        };
      }),
    },
  };
}

describe('summarizeForecast', () => {
  it('reports today and tomorrow in Barcelona time, daytime hours only', () => {
    // 2026-11-22 00:00 UTC = 01:00 in Madrid; 48 hours of data.
    const body = series('2026-11-22T00:00:00Z', 48, (h) => ({
      t: h < 24 ? 10 + (h % 24) / 2 : 5,
      w: h < 24 ? 2 : 9.5,
      s: h < 24 ? 'partlycloudy_day' : 'heavyrain',
    }));
    const summary = summarizeForecast(body, new Date('2026-11-22T06:00:00Z'));
    expect(summary?.today).toMatchObject({ date: '2026-11-22', sky: 'partlyCloudy', windMs: 2 });
    // Local 08:00..20:00 = UTC 07..19 -> 10 + 3.5 .. 10 + 9.5
    expect(summary?.today.minC).toBe(14);
    expect(summary?.today.maxC).toBe(20);
    expect(summary?.tomorrow).toMatchObject({ date: '2026-11-23', sky: 'rain', windMs: 9.5, minC: 5, maxC: 5 });
  });

  it('returns nothing for an answer that is not a forecast', () => {
    expect(summarizeForecast({}, new Date())).toBeUndefined();
    expect(summarizeForecast({ properties: { timeseries: [] } }, new Date())).toBeUndefined();
    expect(summarizeForecast('<html>', new Date())).toBeUndefined();
  });

  it('maps MET Norway symbols to a few kinds of sky', () => {
    expect(skyFromSymbol('clearsky_day')).toBe('clear');
    expect(skyFromSymbol('fair_night')).toBe('clear');
    expect(skyFromSymbol('lightrainshowersandthunder_day')).toBe('thunder');
    expect(skyFromSymbol('heavysleet')).toBe('sleet');
    expect(skyFromSymbol('fog')).toBe('fog');
    expect(skyFromSymbol('cloudy')).toBe('cloudy');
  });
});

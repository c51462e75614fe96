import { describe, expect, it } from 'vitest';

import { weatherAt, windWarning } from './weather-at';

const body = {
  properties: {
    timeseries: [
      {
        time: '2026-07-01T08:00:00Z',
        data: {
          instant: { details: { air_temperature: 24.4, wind_speed: 4, wind_speed_of_gust: 9 } },
          next_1_hours: { summary: { symbol_code: 'clearsky_day' } },
        },
      },
      {
        time: '2026-07-01T09:00:00Z',
        data: {
          instant: { details: { air_temperature: 25.6, wind_speed: 7, wind_speed_of_gust: 11.2 } },
          next_1_hours: { summary: { symbol_code: 'rainshowers_day' } },
        },
      },
    ],
  },
};

describe('weatherAt', () => {
  it('takes the forecast step nearest to the departure, in km/h', () => {
    // 10:50 Madrid (summer) is 08:50 UTC: nearer to 09:00 than to 08:00.
    expect(weatherAt(body, new Date('2026-07-01T08:50:00Z'))).toEqual({
      at: '2026-07-01T09:00:00.000Z',
      tempC: 26,
      windKmh: 25,
      gustKmh: 40,
      sky: 'rain',
    });
  });

  it('says nothing about a departure hours away from any forecast step', () => {
    expect(weatherAt(body, new Date('2026-07-01T18:00:00Z'))).toBeUndefined();
    expect(weatherAt(undefined, new Date())).toBeUndefined();
  });

  it('has no gusts when the forecast has none (the compact product)', () => {
    const compact = {
      properties: { timeseries: [{ time: '2026-07-01T09:00:00Z', data: { instant: { details: { wind_speed: 3 } } } }] },
    };
    expect(weatherAt(compact, new Date('2026-07-01T09:10:00Z'))?.gustKmh).toBeNull();
  });
});

describe('windWarning', () => {
  const thresholds = { gustKmh: 40, windKmh: 30 };
  it('warns from the gust threshold on, inclusive', () => {
    expect(windWarning({ at: '', tempC: 20, windKmh: 10, gustKmh: 40, sky: 'clear' }, thresholds)).toBe(true);
    expect(windWarning({ at: '', tempC: 20, windKmh: 10, gustKmh: 39, sky: 'clear' }, thresholds)).toBe(false);
  });
  it('warns on a strong mean wind, and on the mean wind alone when there are no gusts', () => {
    expect(windWarning({ at: '', tempC: 20, windKmh: 30, gustKmh: 35, sky: 'clear' }, thresholds)).toBe(true);
    expect(windWarning({ at: '', tempC: 20, windKmh: 29, gustKmh: null, sky: 'clear' }, thresholds)).toBe(false);
  });
  it('does not warn without a forecast', () => {
    expect(windWarning(undefined, thresholds)).toBe(false);
  });
});

import { OPERATOR_TIME_ZONE } from '@/lib/operator';

/**
 * Turns a MET Norway Locationforecast "compact" response into today's and tomorrow's conditions
 * at the boarding point, in Barcelona's local time. Pure, so it is tested without a network.
 */
export type Sky = 'clear' | 'partlyCloudy' | 'cloudy' | 'fog' | 'rain' | 'sleet' | 'snow' | 'thunder';
export type DayWeather = { date: string; minC: number; maxC: number; windMs: number; sky: Sky };
export type WeatherSummary = { today: DayWeather; tomorrow?: DayWeather };

type Entry = {
  time: string;
  data?: {
    instant?: { details?: { air_temperature?: number; wind_speed?: number } };
    next_1_hours?: { summary?: { symbol_code?: string } };
    next_6_hours?: { summary?: { symbol_code?: string } };
  };
};

export function skyFromSymbol(symbol: string): Sky {
  const code = symbol.replace(/_(day|night|polartwilight)$/, '');
  if (code.includes('thunder')) return 'thunder';
  if (code.includes('snow')) return 'snow';
  if (code.includes('sleet')) return 'sleet';
  if (code.includes('rain')) return 'rain';
  if (code === 'fog') return 'fog';
  if (code === 'cloudy') return 'cloudy';
  if (code === 'partlycloudy') return 'partlyCloudy';
  return 'clear';
}

const localDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
const localHour = (iso: string, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));

export function summarizeForecast(body: unknown, now: Date, timeZone = OPERATOR_TIME_ZONE): WeatherSummary | undefined {
  const series = (body as { properties?: { timeseries?: Entry[] } })?.properties?.timeseries;
  if (!Array.isArray(series) || series.length === 0) return undefined;
  const today = localDate(now.toISOString(), timeZone);
  const tomorrow = localDate(new Date(now.getTime() + 24 * 3600 * 1000).toISOString(), timeZone);
  const day = (date: string): DayWeather | undefined => {
    // Daytime hours only: a boat trip happens between morning and evening.
    const entries = series.filter(
      (e) =>
        localDate(e.time, timeZone) === date && localHour(e.time, timeZone) >= 8 && localHour(e.time, timeZone) <= 20,
    );
    const temps = entries
      .map((e) => e.data?.instant?.details?.air_temperature)
      .filter((t): t is number => typeof t === 'number');
    if (temps.length === 0) return undefined;
    const winds = entries.map((e) => e.data?.instant?.details?.wind_speed ?? 0);
    // The sky at the hour nearest to midday stands for the day.
    const midday = [...entries].sort(
      (a, b) => Math.abs(localHour(a.time, timeZone) - 13) - Math.abs(localHour(b.time, timeZone) - 13),
    )[0];
    const symbol =
      midday?.data?.next_1_hours?.summary?.symbol_code ??
      midday?.data?.next_6_hours?.summary?.symbol_code ??
      'clearsky_day';
    return {
      date,
      minC: Math.round(Math.min(...temps)),
      maxC: Math.round(Math.max(...temps)),
      windMs: Math.round(Math.max(...winds) * 10) / 10,
      sky: skyFromSymbol(symbol),
    };
  };
  // Late in the evening today's daytime is over: fall back to the remaining hours.
  const todayWeather = day(today) ?? lastHours(series, today, timeZone);
  if (!todayWeather) return undefined;
  return { today: todayWeather, tomorrow: day(tomorrow) };
}

function lastHours(series: Entry[], date: string, timeZone: string): DayWeather | undefined {
  const entry = series.find((e) => localDate(e.time, timeZone) >= date);
  const temp = entry?.data?.instant?.details?.air_temperature;
  if (!entry || typeof temp !== 'number') return undefined;
  const symbol =
    entry.data?.next_1_hours?.summary?.symbol_code ?? entry.data?.next_6_hours?.summary?.symbol_code ?? 'clearsky';
  return {
    date,
    minC: Math.round(temp),
    maxC: Math.round(temp),
    windMs: entry.data?.instant?.details?.wind_speed ?? 0,
    sky: skyFromSymbol(symbol),
  };
}

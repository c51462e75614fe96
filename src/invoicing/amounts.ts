import { madridOffsetMs } from '@/i18n/time';

/**
 * Money and time as the AEAT's records write them.
 *
 * Amounts live as integer cents everywhere in the shop; the VERI*FACTU XML and the huella carry them as
 * decimal strings with a dot and two decimals ("12.35", "-3.00", "0.00"). The hash spec accepts one or
 * two decimals, but the huella is computed over the exact text sent, so we always write two: one
 * formatter, used by the hash, the XML and the QR alike, keeps them from drifting apart.
 *
 * Dates are Madrid's: FechaExpedicionFactura is dd-mm-yyyy and FechaHoraHusoGenRegistro is ISO 8601
 * with the offset in force at that instant (+01:00 in winter, +02:00 in summer), never UTC "Z".
 */

const AMOUNT_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Integer cents → "123.45" / "-3.00" / "0.00". */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  // -0 and 0 both print "0.00": a minus sign on zero would change the huella for no amount at all.
  return `${negative ? '-' : ''}${euros}.${rest}`;
}

/** "123.45" / "-3" / "0.5" → integer cents. Rejects anything the XML could not carry (commas, 3 decimals, "1e3"). */
export function amountToCents(amount: string): number {
  const match = AMOUNT_PATTERN.exec(amount);
  if (!match) throw new RangeError(`Not an amount with at most two decimals: ${JSON.stringify(amount)}`);
  const euros = Number(match[2]);
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  const cents = euros * 100 + fraction;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${JSON.stringify(amount)}`);
  return match[1] && cents !== 0 ? -cents : cents;
}

function requireValidDate(date: Date): number {
  const time = date.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Invalid Date');
  return time;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Madrid's wall clock at an instant, read from a Date shifted by Madrid's offset then (i18n/time.ts). */
function madridWallClock(instantMs: number): { wall: Date; offsetMinutes: number } {
  const offsetMs = madridOffsetMs(instantMs);
  return { wall: new Date(instantMs + offsetMs), offsetMinutes: Math.round(offsetMs / 60_000) };
}

/**
 * FechaHoraHusoGenRegistro: the instant as Madrid's wall clock with its offset, e.g.
 * 2027-01-01T19:20:30+01:00. Milliseconds are dropped (the XSD's pattern has none), so the string is
 * the instant truncated to the second. The offset is the one in force at that instant, which tells
 * the two occurrences of the same wall time apart in the autumn DST overlap.
 */
export function madridTimestamp(date: Date): string {
  const instant = Math.floor(requireValidDate(date) / 1000) * 1000;
  const { wall, offsetMinutes } = madridWallClock(instant);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absOffset = Math.abs(offsetMinutes);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(absOffset / 60))}:${pad(absOffset % 60)}`
  );
}

/** FechaExpedicionFactura and friends: the Madrid calendar date of the instant, dd-mm-yyyy. */
export function aeatDate(date: Date): string {
  const { wall } = madridWallClock(Math.floor(requireValidDate(date) / 1000) * 1000);
  return `${pad(wall.getUTCDate())}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCFullYear(), 4)}`;
}

const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** The instant a FechaHoraHusoGenRegistro names, in ms since the epoch; NaN when it is not one. */
export function timestampInstant(timestamp: string): number {
  if (!TIMESTAMP_PATTERN.test(timestamp)) return Number.NaN;
  return Date.parse(timestamp);
}

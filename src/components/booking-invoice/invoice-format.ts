import { formatEuros } from '@/booking/money';
import { localeInfo, type Locale } from '@/i18n/locales';

/** An invoice as the booking page shows it, its date and total already in the visitor's language. */
export type ShownInvoice = {
  kind: 'simplified' | 'full';
  seriesNumber: string;
  date: string;
  total: string;
};

/** What POST /api/shop/bookings/{reference}/invoice answers for the invoice it issued. */
export type IssuedInvoice = { type: string; seriesNumber: string; issueDate: string; totalCents: number };

/**
 * One formatting for the server's first render and the browser's after an F3 is issued, so the
 * two invoices read alike. An invoice's date is a calendar day (its issue date in Madrid): noon
 * UTC of that day is that day in any time zone the formatter could use.
 */
export function shownInvoice(invoice: IssuedInvoice, locale: Locale): ShownInvoice {
  const [year, month, day] = invoice.issueDate.split('-').map(Number);
  const date = new Intl.DateTimeFormat(localeInfo[locale].iso, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day!, 12)),
  );
  return {
    kind: invoice.type === 'F2' ? 'simplified' : 'full',
    seriesNumber: invoice.seriesNumber,
    date,
    total: formatEuros(invoice.totalCents, locale),
  };
}

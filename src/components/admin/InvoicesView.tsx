import type { AdminViewServerProps } from 'payload';

import { addDays, madridToday } from '@/i18n/time';
import { fill, plural } from '@/lib/icu-lite';
import type { Locale } from '@/i18n/locales';
import { invoicesAdminMessages, type InvoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { recipientTaxId, type BookInvoice } from '@/invoicing/books';
import { findInvoices } from '@/invoicing/entry-points';
import { can } from '@/security/policy';

import { dateTimeOf, euros } from './format';
import { InvoicesResend } from './InvoicesResend.client';
import { OpsTemplate } from './OpsTemplate';
import { staffView } from './view-context';
import './invoices.css';

/**
 * /admin/ops/invoices?q=&problems=1&page= — the office's invoices: search by number, booking or
 * the buyer's tax id, each with its AEAT status (and the AEAT's error), its PDF and a re-send of the
 * e-mail; below, the accountant's book of invoices issued for a period, as CSV. Rendered on the
 * server from a plain GET form: it works on a phone without waiting for the admin's scripts.
 */
export default async function InvoicesView(props: AdminViewServerProps) {
  const { language, t: ops } = staffView(props);
  const user = props.initPageResult.req.user;
  if (!can(user as { role?: string } | null, 'invoices.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{ops.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const t = invoicesAdminMessages(language);
  const search = props.searchParams ?? {};
  const q = typeof search.q === 'string' ? search.q.slice(0, 60) : '';
  const problems = search.problems === '1';
  const page = typeof search.page === 'string' && /^\d{1,5}$/.test(search.page) ? Number(search.page) : 1;
  const found = await findInvoices(props.initPageResult.req.payload, { q, problems, page });
  const pageHref = (n: number) => {
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (problems) query.set('problems', '1');
    if (n > 1) query.set('page', String(n));
    const text = query.toString();
    return `/admin/ops/invoices${text ? `?${text}` : ''}`;
  };
  const periods = quickPeriods(madridToday(new Date()));
  return (
    <OpsTemplate props={props}>
      <div className="ops invoices" data-testid="invoices">
        <h1>{t.title}</h1>
        <p className="ops-sub">
          {t.intro} <a href="#invoices-books">{t.books.title}</a>
        </p>
        <form className="ops-filters" role="search" method="get">
          <label className="ops-search">
            <span>{t.searchLabel}</span>
            <input
              type="search"
              name="q"
              defaultValue={q}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby="invoices-search-hint"
            />
            <span id="invoices-search-hint" className="ops-hint">
              {t.searchHint}
            </span>
          </label>
          <label className="invoices__check">
            <input type="checkbox" name="problems" value="1" defaultChecked={problems} />
            <span>{t.onlyProblems}</span>
          </label>
          <button type="submit" className="ops-button ops-button--primary">
            {t.search}
          </button>
        </form>

        <p className="ops-sub" role="status" data-testid="invoices-found">
          {plural(t.found, found.total, language)}
        </p>
        {found.invoices.length === 0 ? (
          <p className="ops-empty">{t.none}</p>
        ) : (
          <table className="ops-table invoices__table">
            <thead>
              <tr>
                <th scope="col">{t.number}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.booking}</th>
                <th scope="col" className="ops-num">
                  {t.total}
                </th>
                <th scope="col">{t.aeat}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {found.invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} t={t} language={language} />
              ))}
            </tbody>
          </table>
        )}
        {found.pages > 1 ? (
          <nav className="invoices__pager" aria-label={t.pagination}>
            {found.page > 1 ? (
              <a className="ops-button ops-button--ghost" href={pageHref(found.page - 1)} rel="prev">
                {t.previous}
              </a>
            ) : null}
            <span>{fill(t.page, { page: found.page, pages: found.pages })}</span>
            {found.page < found.pages ? (
              <a className="ops-button ops-button--ghost" href={pageHref(found.page + 1)} rel="next">
                {t.next}
              </a>
            ) : null}
          </nav>
        ) : null}

        <section id="invoices-books" className="invoices__books" aria-labelledby="invoices-books-title">
          <h2 id="invoices-books-title">{t.books.title}</h2>
          <p className="ops-sub">{t.books.intro}</p>
          <form className="ops-filters" method="get" action="/api/ops/invoices/books.csv" data-testid="invoices-books">
            <label>
              <span>{t.books.from}</span>
              <input type="date" name="from" defaultValue={periods.lastMonth.from} required />
            </label>
            <label>
              <span>{t.books.to}</span>
              <input type="date" name="to" defaultValue={periods.lastMonth.to} required />
            </label>
            <button type="submit" className="ops-button ops-button--primary" data-testid="invoices-books-download">
              {t.books.download}
            </button>
          </form>
          <p className="invoices__periods">
            {(['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter'] as const).map((key) => (
              <a
                key={key}
                className="ops-button ops-button--ghost"
                href={`/api/ops/invoices/books.csv?from=${periods[key].from}&to=${periods[key].to}`}
                download
                data-testid={`invoices-books-${key}`}
              >
                {t.books[key]}
              </a>
            ))}
          </p>
        </section>

        <section className="invoices__books" aria-labelledby="invoices-declaration-title">
          <h2 id="invoices-declaration-title">{t.declaration.title}</h2>
          <p className="ops-sub">{t.declaration.intro}</p>
          <p>
            <a className="ops-button ops-button--ghost" href={DECLARATION_PATH} data-testid="invoices-declaration">
              {t.declaration.title}
            </a>
          </p>
        </section>
      </div>
    </OpsTemplate>
  );
}

/** A route handler's file (text/markdown), not a page: a plain link downloads it. */
const DECLARATION_PATH = '/api/ops/invoices/declaration';

function signedEuros(cents: number, language: string): string {
  return cents < 0 ? `− ${euros(-cents, language)}` : euros(cents, language);
}

const STATUS_TONE: Record<string, 'ok' | 'warn' | 'bad'> = {
  Correcto: 'ok',
  AceptadoConErrores: 'warn',
  Incorrecto: 'bad',
};

function InvoiceRow({ invoice, t, language }: { invoice: BookInvoice; t: InvoicesAdminMessages; language: Locale }) {
  const status = invoice.aeat.status;
  const statusName =
    status in t.statuses && status !== 'other'
      ? t.statuses[status as keyof typeof t.statuses]
      : fill(t.statuses.other, { status });
  const tone = STATUS_TONE[status] ?? 'pending';
  const taxId = recipientTaxId(invoice.recipient);
  return (
    <tr data-testid={`invoice-${invoice.seriesNumber}`}>
      <th scope="row">
        <span className="invoices__number">{invoice.seriesNumber}</span>
        <span className="ops-tag" title={t.types[invoice.type]}>
          {invoice.type}
        </span>
        <span className="invoices__detail ops-muted">
          {t.types[invoice.type]}
          {invoice.correctsSeriesNumber ? ` · ${fill(t.corrects, { number: invoice.correctsSeriesNumber })}` : ''}
          {invoice.recipient ? ` · ${invoice.recipient.name} (${taxId})` : ''}
        </span>
      </th>
      <td data-label={t.date}>{dateTimeOf(invoice.issuedAt, language)}</td>
      <td data-label={t.booking}>
        <a href={`/admin/ops/bookings/${encodeURIComponent(invoice.reference)}`}>{invoice.reference}</a>
      </td>
      <td data-label={t.total} className="ops-num">
        <div>
          <strong>{signedEuros(invoice.totalCents, language)}</strong>
          <span className="invoices__detail ops-muted">
            {t.vat} {signedEuros(invoice.vatCents, language)}
          </span>
        </div>
      </td>
      <td data-label={t.aeat}>
        <div className="invoices__aeat" data-testid="invoice-aeat">
          <span className={`invoices__status invoices__status--${tone}`}>{statusName}</span>
          {invoice.aeat.errorCode || invoice.aeat.errorText ? (
            <span className="invoices__error">
              {fill(t.error, { code: invoice.aeat.errorCode ?? '—', text: invoice.aeat.errorText ?? '' })}
            </span>
          ) : null}
          {invoice.aeat.csv ? (
            <span className="invoices__detail ops-muted">{fill(t.aeatCode, { csv: invoice.aeat.csv })}</span>
          ) : null}
          {tone !== 'ok' && invoice.aeat.attempts > 0 ? (
            <span className="invoices__detail ops-muted">{plural(t.attempts, invoice.aeat.attempts, language)}</span>
          ) : null}
        </div>
      </td>
      <td className="invoices__actions">
        {/* A flex box inside the cell: a cell that is itself a flex box loses its place in the table. */}
        <div className="ops-actions">
          <a
            className="ops-button"
            href={`/api/ops/invoices/${invoice.id}.pdf`}
            download
            aria-label={fill(t.pdfLabel, { number: invoice.seriesNumber })}
          >
            {t.pdf}
          </a>
          <InvoicesResend
            reference={invoice.reference}
            label={fill(t.resendLabel, { reference: invoice.reference })}
            text={t.resend}
            failed={t.resendFailed}
          />
        </div>
      </td>
    </tr>
  );
}

type Period = { from: string; to: string };

/** This and last month, this and last quarter, in Madrid days: what an accountant asks for. */
function quickPeriods(today: string): Record<'thisMonth' | 'lastMonth' | 'thisQuarter' | 'lastQuarter', Period> {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  const monthOf = (y: number, m: number): Period => {
    const next = m === 12 ? first(y + 1, 1) : first(y, m + 1);
    return { from: first(y, m), to: addDays(next, -1) };
  };
  const quarterOf = (y: number, q: number): Period => ({
    from: first(y, q * 3 - 2),
    to: monthOf(y, q * 3).to,
  });
  const quarter = Math.ceil(month / 3);
  return {
    thisMonth: { from: first(year, month), to: today },
    lastMonth: month === 1 ? monthOf(year - 1, 12) : monthOf(year, month - 1),
    thisQuarter: { from: quarterOf(year, quarter).from, to: today },
    lastQuarter: quarter === 1 ? quarterOf(year - 1, 4) : quarterOf(year, quarter - 1),
  };
}

import type { AdminViewServerProps } from 'payload';
import type { ReactNode } from 'react';

import {
  CHANNELS,
  MAX_REPORT_DAYS,
  reportRange,
  salesReport,
  type DayLine,
  type SalesReport,
} from '@/operations/reports';
import { fill } from '@/lib/icu-lite';
import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { bookSums } from '@/invoicing/entry-points';
import { defaultReportRange } from '@/operations/report-requests';

import { euros, shortDate } from './format';
import { OpsTemplate } from './OpsTemplate';
import { PrintButton } from './PrintButton.client';
import { staffView, type StaffView } from './view-context';
import './reports.css';

/**
 * /admin/ops/reports?from=YYYY-MM-DD&to=YYYY-MM-DD — the office's numbers for a range of days
 * (the last 30 by default): totals, a chart of sales per day and the tables behind it.
 */
export default async function ReportsView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { language, t } = view;
  if (!view.can('reports.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const r = t.reports;
  const search = props.searchParams ?? {};
  const fallback = defaultReportRange(new Date());
  const asked = reportRange(
    typeof search.from === 'string' ? search.from : fallback.from,
    typeof search.to === 'string' ? search.to : fallback.to,
  );
  const range = asked.ok ? asked.range : fallback;
  const report = await salesReport(props.initPageResult.req.payload, range, { locale: language });
  // Net and VAT come from the invoices issued in the range (invoices minus rectifications).
  const book = await bookSums(props.initPageResult.req.payload, range);
  const v = invoicesAdminMessages(language).reports;
  const invoicedOn = new Map(book.days.map((day) => [day.date, day]));
  const money = (cents: number) => signed(cents, language);
  const refunds = (cents: number) => (cents ? money(-cents) : '—');
  const query = `from=${range.from}&to=${range.to}`;
  return (
    <OpsTemplate props={props}>
      <div className="ops reports" data-testid="reports">
        <h1>{r.title}</h1>
        <p className="ops-sub">
          {shortDate(range.from, language)} – {shortDate(range.to, language)}
        </p>
        <form className="ops-filters ops-no-print" method="get">
          <label>
            <span>{r.from}</span>
            <input type="date" name="from" defaultValue={range.from} required />
          </label>
          <label>
            <span>{r.to}</span>
            <input type="date" name="to" defaultValue={range.to} required />
          </label>
          <button type="submit" className="ops-button">
            {r.show}
          </button>
          <a className="ops-button" href={`/api/ops/reports/sales.csv?${query}`} download data-testid="reports-csv">
            {r.csv}
          </a>
          <PrintButton label={r.print} />
        </form>
        {asked.ok ? null : (
          <p className="ops-notice ops-notice--error" role="alert">
            {fill(r[asked.error], { max: MAX_REPORT_DAYS })}
          </p>
        )}
        <p className="ops-muted">{r.summary}</p>

        <dl className="reports__totals" data-testid="reports-totals">
          <div>
            <dt>{r.sales}</dt>
            <dd>{money(report.totals.salesCents)}</dd>
          </div>
          <div>
            <dt>{r.refunds}</dt>
            <dd>{refunds(report.totals.refundsCents)}</dd>
          </div>
          <div>
            <dt>{r.net}</dt>
            <dd>{money(report.totals.netCents)}</dd>
          </div>
          <div>
            <dt>{v.base}</dt>
            <dd data-testid="reports-base">{money(book.baseCents)}</dd>
          </div>
          <div>
            <dt>{v.vat}</dt>
            <dd data-testid="reports-vat">{money(book.vatCents)}</dd>
          </div>
          <div>
            <dt>{r.payments}</dt>
            <dd>{report.totals.payments}</dd>
          </div>
          <div>
            <dt>{r.tickets}</dt>
            <dd>{report.totals.tickets}</dd>
          </div>
          <div>
            <dt>{r.noShows}</dt>
            <dd>
              {report.totals.noShows} / {report.totals.sold}
            </dd>
          </div>
        </dl>

        <h2>{r.chart}</h2>
        <SalesChart report={report} view={view} />

        <h2>{r.byDay}</h2>
        <ReportTable
          region={r.byDay}
          columns={[r.date, r.web, r.boxOffice, r.agency, r.reseller, r.sales, r.refunds, r.net, v.base, v.vat]}
          rows={report.days.map((day) => ({
            key: day.date,
            head: shortDate(day.date, language),
            cells: [
              money(day.webCents),
              money(day.boxOfficeCents),
              money(day.agencyCents),
              money(day.resellerCents),
              money(day.salesCents),
              refunds(day.refundsCents),
              <strong key="net">{money(day.netCents)}</strong>,
              money(invoicedOn.get(day.date)?.baseCents ?? 0),
              money(invoicedOn.get(day.date)?.vatCents ?? 0),
            ],
          }))}
          total={{
            head: r.total,
            cells: [
              ...CHANNELS.map((channel) => money(report.channels.find((c) => c.channel === channel)?.cents ?? 0)),
              money(report.totals.salesCents),
              refunds(report.totals.refundsCents),
              money(report.totals.netCents),
              money(book.baseCents),
              money(book.vatCents),
            ],
          }}
        />

        <h2>{v.invoiced}</h2>
        <p className="ops-muted">{v.invoicedNote}</p>
        {book.byRate.length === 0 ? (
          <p className="ops-empty">{v.noInvoices}</p>
        ) : (
          <ReportTable
            columns={[v.rate, v.base, v.vat, v.gross]}
            rows={book.byRate.map((line) => ({
              key: String(line.ratePct),
              head: `${new Intl.NumberFormat(language).format(line.ratePct)} %`,
              cells: [money(line.baseCents), money(line.vatCents), money(line.grossCents)],
            }))}
            total={{
              head: r.total,
              cells: [money(book.baseCents), money(book.vatCents), money(book.grossCents)],
            }}
          />
        )}

        <div className="reports__grid">
          <section>
            <h2>{r.byChannel}</h2>
            <ReportTable
              columns={[r.channel, r.payments, r.sales]}
              rows={report.channels.map((line) => ({
                key: line.channel,
                head: (
                  <>
                    <span className={`reports__key reports__key--${line.channel}`} aria-hidden="true" />
                    {r[line.channel]}
                  </>
                ),
                cells: [line.payments, money(line.cents)],
              }))}
            />
          </section>

          <section>
            <h2>{r.byCategory}</h2>
            <ReportTable
              columns={[r.category, r.tickets]}
              rows={report.categories.map((line) => ({
                key: line.category,
                head: t.category[line.category],
                cells: [line.tickets],
              }))}
              total={{ head: r.total, cells: [report.totals.tickets] }}
            />
          </section>
        </div>

        <h2>{r.byTour}</h2>
        {report.tours.length === 0 ? (
          <p className="ops-empty">{r.noTours}</p>
        ) : (
          <ReportTable
            region={r.byTour}
            columns={[r.tour, r.sales, r.refunds, r.net]}
            rows={report.tours.map((line) => ({
              key: String(line.tourId),
              head: line.title,
              cells: [money(line.salesCents), refunds(line.refundsCents), money(line.netCents)],
            }))}
          />
        )}

        <h2>{r.byReseller}</h2>
        {report.resellers.length === 0 ? (
          <p className="ops-empty">{r.noResellers}</p>
        ) : (
          <ReportTable
            region={r.byReseller}
            columns={[r.resellerName, r.bookings, r.cancellations, r.retail, r.netOwed, r.agentCommission, r.statement]}
            rows={report.resellers.map((line) => ({
              key: String(line.resellerId),
              head: line.name,
              cells: [
                line.bookings,
                line.cancellations,
                money(line.retailCents),
                money(line.netCents),
                money(line.agentCommissionCents),
                <StatementLinks key="statement" resellerId={line.resellerId} range={range} view={view} />,
              ],
            }))}
          />
        )}

        <div className="reports__grid">
          <section>
            <h2>{r.disruption}</h2>
            <ReportTable
              rows={(['departures', 'disrupted', 'moved', 'refunded', 'cancelled', 'undecided'] as const).map(
                (key) => ({
                  key,
                  head: key === 'departures' ? r.cancelledDepartures : r[key],
                  cells: [report.disruption[key]],
                }),
              )}
            />
          </section>

          <section>
            <h2>{r.moves}</h2>
            <ReportTable
              rows={(
                [
                  ['visitors', r.movesVisitors],
                  ['staff', r.movesStaff],
                  ['resellers', r.movesResellers],
                ] as const
              ).map(([key, head]) => ({ key, head, cells: [report.moves[key]] }))}
            />
          </section>

          <section>
            <h2>{r.boarding}</h2>
            {report.boarding.length === 0 ? (
              <p className="ops-empty">{r.noBoarding}</p>
            ) : (
              <ReportTable
                region={r.boarding}
                columns={[r.date, r.departures, r.sold, r.boarded, r.noShows]}
                rows={report.boarding.map((line) => ({
                  key: line.date,
                  head: shortDate(line.date, language),
                  cells: [line.departures, line.sold, line.boarded, line.noShows],
                }))}
                total={{
                  head: r.total,
                  cells: [
                    report.boarding.reduce((sum, line) => sum + line.departures, 0),
                    report.totals.sold,
                    report.totals.boarded,
                    report.totals.noShows,
                  ],
                }}
              />
            )}
          </section>
        </div>
      </div>
    </OpsTemplate>
  );
}

type ReportRow = { key: string; head: ReactNode; cells: ReactNode[] };

/**
 * One of the report's tables: a row header, then numbers. A wide one (`region` names it) scrolls
 * sideways on its own on a phone and can be reached by keyboard to do so.
 */
/** The months a range touches, oldest first (a report is at most a year and a day). */
function monthsOf(range: { from: string; to: string }): string[] {
  const months: string[] = [];
  let [year, month] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (let i = 0; i < 14; i++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
  return months;
}

/** The reseller's monthly statement (CSV and PDF) for each month of the range: what it is invoiced. */
function StatementLinks({
  resellerId,
  range,
  view,
}: {
  resellerId: number;
  range: { from: string; to: string };
  view: StaffView;
}) {
  const r = view.t.reports;
  const months = monthsOf(range);
  const name = (month: string) =>
    new Intl.DateTimeFormat(view.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T12:00:00Z`),
    );
  return (
    <span className="reports__statements">
      {months.map((month) => (
        <span key={month}>
          {months.length > 1 ? `${name(month)}: ` : ''}
          <a
            href={`/api/ops/resellers/${resellerId}/statement.csv?month=${month}`}
            aria-label={fill(r.statementCsv, { month: name(month) })}
            download
          >
            CSV
          </a>
          {' · '}
          <a
            href={`/api/ops/resellers/${resellerId}/statement.pdf?month=${month}`}
            aria-label={fill(r.statementPdf, { month: name(month) })}
            download
          >
            PDF
          </a>
        </span>
      ))}
    </span>
  );
}

function ReportTable({
  region,
  columns,
  rows,
  total,
}: {
  region?: string;
  columns?: string[];
  rows: ReportRow[];
  total?: Omit<ReportRow, 'key'>;
}) {
  const scroll = region ? { tabIndex: 0, role: 'region', 'aria-label': region } : {};
  return (
    <div className="reports__scroll" {...scroll}>
      <table className="reports__table">
        {columns ? (
          <thead>
            <tr>
              {columns.map((label, i) => (
                <th key={label} scope="col" className={i > 0 ? 'ops-num' : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.head}</th>
              {row.cells.map((cell, i) => (
                <td key={i} className="ops-num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot className="ops-totals">
            <tr>
              <th scope="row">{total.head}</th>
              {total.cells.map((cell, i) => (
                <td key={i} className="ops-num">
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** Refunds and a net below zero carry a sign; `euros` alone writes only amounts. */
function signed(cents: number, language: string): string {
  return cents < 0 ? `− ${euros(-cents, language)}` : euros(cents, language);
}

const BAR = 10;
const GAP = 2;
const HEIGHT = 100;

/**
 * Sales per day as stacked bars (web, box office, agency), drawn on the server: no chart library in
 * the admin bundle and it prints as it looks. The picture stretches to the width of the page; the
 * numbers it shows are in the table by day, and its label says the gist for a screen reader.
 */
function SalesChart({ report, view }: { report: SalesReport; view: StaffView }) {
  const { language, t } = view;
  const r = t.reports;
  const days = report.days;
  const top = days.reduce<DayLine | null>(
    (best, day) => (!best || day.salesCents > best.salesCents ? day : best),
    null,
  );
  if (!top || top.salesCents === 0) return <p className="ops-empty">{r.chartEmpty}</p>;
  const max = top.salesCents;
  const width = days.length * (BAR + GAP);
  const label = fill(r.chartLabel, {
    from: shortDate(report.from, language),
    to: shortDate(report.to, language),
    total: euros(report.totals.salesCents, language),
    max: euros(max, language),
    maxDay: shortDate(top.date, language),
  });
  return (
    <figure className="reports__chart" data-testid="reports-chart">
      <div className="reports__axis">
        <span>{euros(max, language)}</span>
        <span>{euros(0, language)}</span>
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="reports__svg"
      >
        <line x1="0" y1={HEIGHT} x2={width} y2={HEIGHT} className="reports__baseline" />
        {days.map((day, i) => {
          let y = HEIGHT;
          return (
            <g key={day.date}>
              <title>{`${shortDate(day.date, language)}: ${euros(day.salesCents, language)}`}</title>
              {CHANNELS.map((channel) => {
                const cents = day[`${channel}Cents`];
                if (!cents) return null;
                const h = (cents / max) * HEIGHT;
                y -= h;
                return (
                  <rect
                    key={channel}
                    x={i * (BAR + GAP) + GAP / 2}
                    y={y}
                    width={BAR}
                    height={h}
                    className={`reports__bar reports__bar--${channel}`}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="reports__legend">
        <span>{shortDate(report.from, language)}</span>
        <span className="reports__keys">
          {CHANNELS.map((channel) => (
            <span key={channel}>
              <span className={`reports__key reports__key--${channel}`} aria-hidden="true" />
              {r[channel]}
            </span>
          ))}
        </span>
        <span>{shortDate(report.to, language)}</span>
      </figcaption>
    </figure>
  );
}

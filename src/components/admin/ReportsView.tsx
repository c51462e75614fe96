import type { AdminViewServerProps } from 'payload';

import { CHANNELS, MAX_REPORT_DAYS, reportRange, salesReport, type DayLine, type SalesReport } from '@/booking/reports';
import { fill } from '@/lib/icu-lite';
import { defaultReportRange } from '@/ops/reports';

import { euros, shortDate } from './format';
import { OpsTemplate } from './OpsTemplate';
import { PrintButton } from './PrintButton.client';
import { isOfficeRole, staffView, type StaffView } from './view-context';
import './reports.css';

/**
 * /admin/ops/reports?from=YYYY-MM-DD&to=YYYY-MM-DD — the office's numbers for a range of days
 * (the last 30 by default): totals, a chart of sales per day and the tables behind it.
 */
export default async function ReportsView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { role, language, t } = view;
  if (!isOfficeRole(role)) {
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
  const money = (cents: number) => signed(cents, language);
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
            <dd>{report.totals.refundsCents ? money(-report.totals.refundsCents) : '—'}</dd>
          </div>
          <div>
            <dt>{r.net}</dt>
            <dd>{money(report.totals.netCents)}</dd>
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
        <div className="reports__scroll" tabIndex={0} role="region" aria-label={r.byDay}>
          <table className="reports__table">
            <thead>
              <tr>
                <th scope="col">{r.date}</th>
                <th scope="col" className="ops-num">
                  {r.web}
                </th>
                <th scope="col" className="ops-num">
                  {r.boxOffice}
                </th>
                <th scope="col" className="ops-num">
                  {r.agency}
                </th>
                <th scope="col" className="ops-num">
                  {r.sales}
                </th>
                <th scope="col" className="ops-num">
                  {r.refunds}
                </th>
                <th scope="col" className="ops-num">
                  {r.net}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{shortDate(day.date, language)}</th>
                  <td className="ops-num">{money(day.webCents)}</td>
                  <td className="ops-num">{money(day.boxOfficeCents)}</td>
                  <td className="ops-num">{money(day.agencyCents)}</td>
                  <td className="ops-num">{money(day.salesCents)}</td>
                  <td className="ops-num">{day.refundsCents ? money(-day.refundsCents) : '—'}</td>
                  <td className="ops-num">
                    <strong>{money(day.netCents)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="ops-totals">
              <tr>
                <th scope="row">{r.total}</th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="ops-num">
                    {money(report.channels.find((c) => c.channel === channel)?.cents ?? 0)}
                  </td>
                ))}
                <td className="ops-num">{money(report.totals.salesCents)}</td>
                <td className="ops-num">{report.totals.refundsCents ? money(-report.totals.refundsCents) : '—'}</td>
                <td className="ops-num">{money(report.totals.netCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <div className="reports__grid">
          <section>
            <h2>{r.byChannel}</h2>
            <div className="reports__scroll">
              <table className="reports__table">
                <thead>
                  <tr>
                    <th scope="col">{r.channel}</th>
                    <th scope="col" className="ops-num">
                      {r.payments}
                    </th>
                    <th scope="col" className="ops-num">
                      {r.sales}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.channels.map((line) => (
                    <tr key={line.channel}>
                      <th scope="row">
                        <span className={`reports__key reports__key--${line.channel}`} aria-hidden="true" />
                        {r[line.channel]}
                      </th>
                      <td className="ops-num">{line.payments}</td>
                      <td className="ops-num">{money(line.cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section>
            <h2>{r.byCategory}</h2>
            <div className="reports__scroll">
              <table className="reports__table">
                <thead>
                  <tr>
                    <th scope="col">{r.category}</th>
                    <th scope="col" className="ops-num">
                      {r.tickets}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.categories.map((line) => (
                    <tr key={line.category}>
                      <th scope="row">{t.category[line.category]}</th>
                      <td className="ops-num">{line.tickets}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="ops-totals">
                  <tr>
                    <th scope="row">{r.total}</th>
                    <td className="ops-num">{report.totals.tickets}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        </div>

        <h2>{r.byTour}</h2>
        {report.tours.length === 0 ? (
          <p className="ops-empty">{r.noTours}</p>
        ) : (
          <div className="reports__scroll" tabIndex={0} role="region" aria-label={r.byTour}>
            <table className="reports__table">
              <thead>
                <tr>
                  <th scope="col">{r.tour}</th>
                  <th scope="col" className="ops-num">
                    {r.sales}
                  </th>
                  <th scope="col" className="ops-num">
                    {r.refunds}
                  </th>
                  <th scope="col" className="ops-num">
                    {r.net}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.tours.map((line) => (
                  <tr key={line.tourId}>
                    <th scope="row">{line.title}</th>
                    <td className="ops-num">{money(line.salesCents)}</td>
                    <td className="ops-num">{line.refundsCents ? money(-line.refundsCents) : '—'}</td>
                    <td className="ops-num">{money(line.netCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <div className="reports__grid">
          <section>
            <h2>{r.disruption}</h2>
            <div className="reports__scroll">
              <table className="reports__table">
                <tbody>
                  {(['departures', 'disrupted', 'moved', 'refunded', 'cancelled', 'undecided'] as const).map((key) => (
                    <tr key={key}>
                      <th scope="row">{key === 'departures' ? r.cancelledDepartures : r[key]}</th>
                      <td className="ops-num">{report.disruption[key]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section>
            <h2>{r.boarding}</h2>
            {report.boarding.length === 0 ? (
              <p className="ops-empty">{r.noBoarding}</p>
            ) : (
              <div className="reports__scroll" tabIndex={0} role="region" aria-label={r.boarding}>
                <table className="reports__table">
                  <thead>
                    <tr>
                      <th scope="col">{r.date}</th>
                      <th scope="col" className="ops-num">
                        {r.departures}
                      </th>
                      <th scope="col" className="ops-num">
                        {r.sold}
                      </th>
                      <th scope="col" className="ops-num">
                        {r.boarded}
                      </th>
                      <th scope="col" className="ops-num">
                        {r.noShows}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.boarding.map((line) => (
                      <tr key={line.date}>
                        <th scope="row">{shortDate(line.date, language)}</th>
                        <td className="ops-num">{line.departures}</td>
                        <td className="ops-num">{line.sold}</td>
                        <td className="ops-num">{line.boarded}</td>
                        <td className="ops-num">{line.noShows}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot className="ops-totals">
                    <tr>
                      <th scope="row">{r.total}</th>
                      <td className="ops-num">{report.boarding.reduce((s, l) => s + l.departures, 0)}</td>
                      <td className="ops-num">{report.totals.sold}</td>
                      <td className="ops-num">{report.totals.boarded}</td>
                      <td className="ops-num">{report.totals.noShows}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </section>
        </div>
      </div>
    </OpsTemplate>
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

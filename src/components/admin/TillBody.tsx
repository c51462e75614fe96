import Link from 'next/link';
import type { Payload } from 'payload';

import { fill, plural } from '@/lib/icu-lite';
import { earlierTillSessions, tillDifferenceText, tillSessionSummary, type TillSummary } from '@/operations/till';

import { dateTimeOf, euros } from './format';
import { officePaths, type OfficeShell } from './office-paths';
import { PrintButton } from './PrintButton.client';
import { TillClose, TillCount } from './TillControls.client';
import type { StaffView } from './view-context';
import './box-office.css';

/**
 * The open till session (what each staff member's drawer and terminal should hold, what was
 * counted, over or short, and the close), or a closed session's Z report to print
 * (docs/decisions/139-till-sessions.md), in either shell: the admin's /admin/ops/till[/<id>] and
 * the staff app's /staff/till[/<id>]. `session` is the address's id, none for the open one. The
 * caller checks `cashUp.read`.
 */
export async function TillBody({
  payload,
  view,
  session: raw,
  shell,
}: {
  payload: Payload;
  view: StaffView;
  session: string | undefined;
  shell: OfficeShell;
}) {
  const { t } = view;
  const paths = officePaths(shell);
  const id = raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : raw === undefined ? 'current' : null;
  const now = new Date();
  const summary = id === null ? null : await tillSessionSummary(payload, id, now);
  if (!summary) return <p className="ops">{t.till.errors.notFound}</p>;
  const earlier = summary.session.closedAt ? [] : await earlierTillSessions(payload, 11);
  return (
    <>
      {summary.session.closedAt ? (
        <ZReport summary={summary} view={view} shell={shell} />
      ) : (
        <div className="ops ops-manifest" data-testid="till">
          <h1>{t.till.title}</h1>
          <p className="ops-sub">
            {fill(t.till.open, {
              id: summary.session.id,
              time: dateTimeOf(summary.session.openedAt.toISOString(), view.language),
            })}
          </p>
          <TillTable summary={summary} view={view} counting={view.can('till.close')} />
          {summary.uncounted > 0 ? (
            <p className="ops-notice ops-notice--error" data-testid="till-uncounted">
              {plural(t.till.uncounted, summary.uncounted, view.language)}
            </p>
          ) : null}
          {view.can('till.close') ? (
            <div className="box-office__next ops-no-print">
              <TillClose sessionId={summary.session.id} t={t} shell={shell} />
            </div>
          ) : null}
          {earlier.some((s) => s.closedAt) ? (
            <section className="ops-no-print">
              <h2>{t.till.earlier}</h2>
              <ul>
                {earlier
                  .filter((s) => s.closedAt)
                  .map((s) => (
                    <li key={s.id}>
                      <Link href={paths.tillSession(s.id)}>
                        {t.till.zReport} {s.id} · {dateTimeOf(s.closedAt!.toISOString(), view.language)}
                      </Link>
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}

function ZReport({ summary, view, shell }: { summary: TillSummary; view: StaffView; shell: OfficeShell }) {
  const { t, language } = view;
  const paths = officePaths(shell);
  const { session } = summary;
  return (
    <div className="ops ops-manifest" data-testid="z-report">
      <h1>
        {t.till.zReport} · {session.id}
      </h1>
      <p className="ops-sub">
        {fill(t.till.closedSession, {
          id: session.id,
          from: dateTimeOf(session.openedAt.toISOString(), language),
          to: dateTimeOf(session.closedAt!.toISOString(), language),
          by: session.closedByName ?? '',
        })}
      </p>
      <div className="box-office__next ops-no-print">
        <PrintButton label={t.till.printZ} />
        <a className="ops-button" href={`/api/ops/till/${session.id}/z-report.pdf`} download data-testid="z-report-pdf">
          {t.till.zReportPdf}
        </a>
        <Link className="ops-button" href={paths.till}>
          {t.till.back}
        </Link>
      </div>
      <TillTable summary={summary} view={view} counting={false} />
    </div>
  );
}

function difference(cents: number | null, view: StaffView): string {
  return tillDifferenceText(cents, view.t.till, (amount) => euros(amount, view.language));
}

function TillTable({ summary, view, counting }: { summary: TillSummary; view: StaffView; counting: boolean }) {
  const { t, language } = view;
  const c = t.till;
  const methodName = (method: string) => t.sell.methods[method as keyof typeof t.sell.methods] ?? method;
  if (summary.lines.length === 0) return <p className="ops-empty">{c.none}</p>;
  return (
    <div className="box-office__scroll">
      <table className="ops-table" data-testid="till-lines">
        <thead>
          <tr>
            <th scope="col">{c.staff}</th>
            <th scope="col">{c.method}</th>
            <th scope="col" className="ops-num">
              {c.sales}
            </th>
            <th scope="col" className="ops-num">
              {c.expected}
            </th>
            <th scope="col" className="ops-num">
              {c.counted}
            </th>
            <th scope="col" className="ops-num">
              {c.difference}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.lines.map((line) => (
            <tr key={`${line.staff}-${line.method}`} data-testid="till-line">
              <td data-label={c.staff}>{line.staffName}</td>
              <td data-label={c.method}>{methodName(line.method)}</td>
              <td data-label={c.sales} className="ops-num">
                {line.sales}
              </td>
              <td data-label={c.expected} className="ops-num">
                {euros(line.expectedCents, language)}
              </td>
              <td data-label={c.counted} className="ops-num">
                {counting ? (
                  <TillCount
                    staff={line.staff}
                    method={line.method}
                    label={fill(c.countLabel, { name: line.staffName, method: methodName(line.method) })}
                    counted={line.countedCents === null ? '' : (line.countedCents / 100).toFixed(2)}
                    t={t}
                  />
                ) : null}
                <span className={counting ? 'ops-print-only' : undefined}>
                  {line.countedCents === null ? '—' : euros(line.countedCents, language)}
                </span>
              </td>
              <td data-label={c.difference} className="ops-num">
                <strong>{difference(line.differenceCents, view)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="ops-totals">
          <tr>
            <th scope="row" colSpan={3}>
              {c.total}
            </th>
            <td data-label={c.expected} className="ops-num">
              {euros(summary.totals.expectedCents, language)}
            </td>
            <td data-label={c.counted} className="ops-num">
              {euros(summary.totals.countedCents, language)}
            </td>
            <td data-label={c.difference} className="ops-num">
              <strong>{difference(summary.totals.differenceCents, view)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

import type { AdminViewServerProps } from 'payload';

import { isLocalDate, madridToday } from '@/i18n/time';
import { cashUpReport } from '@/operations/cash-up';

import { euros, longDate } from './format';
import { OpsTemplate } from './OpsTemplate';
import { PrintButton } from './PrintButton.client';
import { staffView } from './view-context';
import './box-office.css';

/** /admin/ops/cash-up?date=YYYY-MM-DD[&mine=1] — the day's takings at the counter, per person and method. */
export default async function CashUpView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { language, t } = view;
  if (!view.can('cashUp.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const c = t.cashUp;
  const search = props.searchParams ?? {};
  const date = typeof search.date === 'string' && isLocalDate(search.date) ? search.date : madridToday(new Date());
  const mine = search.mine === '1';
  const user = props.initPageResult.req.user;
  const report = await cashUpReport(
    props.initPageResult.req.payload,
    date,
    mine && user ? `user:${user.id}` : undefined,
  );
  const methodName = (method: string) => t.sell.methods[method as keyof typeof t.sell.methods] ?? method;
  return (
    <OpsTemplate props={props}>
      <div className="ops ops-manifest" data-testid="cash-up">
        <h1>{c.title}</h1>
        <p className="ops-sub">{longDate(date, language)}</p>
        <form className="ops-filters ops-no-print" method="get">
          <label>
            <span>{c.date}</span>
            <input type="date" name="date" defaultValue={date} />
          </label>
          <label className="box-office__check">
            <input type="checkbox" name="mine" value="1" defaultChecked={mine} />
            <span>{c.onlyMine}</span>
          </label>
          <button type="submit" className="ops-button">
            {c.show}
          </button>
          <PrintButton label={c.print} />
        </form>
        {report.lines.length === 0 ? (
          <p className="ops-empty">{c.none}</p>
        ) : (
          <div className="box-office__scroll">
            <table className="ops-table">
              <thead>
                <tr>
                  <th scope="col">{c.staff}</th>
                  <th scope="col">{c.method}</th>
                  <th scope="col" className="ops-num">
                    {c.sales}
                  </th>
                  <th scope="col" className="ops-num">
                    {c.taken}
                  </th>
                  <th scope="col" className="ops-num">
                    {c.given}
                  </th>
                  <th scope="col" className="ops-num">
                    {c.net}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.lines.map((line) => (
                  <tr key={`${line.staff}-${line.method}`}>
                    <td data-label={c.staff}>{line.staffName}</td>
                    <td data-label={c.method}>{methodName(line.method)}</td>
                    <td data-label={c.sales} className="ops-num">
                      {line.sales}
                    </td>
                    <td data-label={c.taken} className="ops-num">
                      {euros(line.salesCents, language)}
                    </td>
                    <td data-label={c.given} className="ops-num">
                      {line.refundsCents ? `− ${euros(line.refundsCents, language)}` : '—'}
                    </td>
                    <td data-label={c.net} className="ops-num">
                      <strong>{formatNet(line.salesCents - line.refundsCents, language)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="ops-totals">
                <tr>
                  <th scope="row" colSpan={3}>
                    {c.total}
                  </th>
                  <td data-label={c.taken} className="ops-num">
                    {euros(report.totals.salesCents, language)}
                  </td>
                  <td data-label={c.given} className="ops-num">
                    {report.totals.refundsCents ? `− ${euros(report.totals.refundsCents, language)}` : '—'}
                  </td>
                  <td data-label={c.net} className="ops-num">
                    <strong>{formatNet(report.totals.netCents, language)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </div>
    </OpsTemplate>
  );
}

/** A till can end the day below zero (more given back than taken): say so with a sign. */
function formatNet(cents: number, language: string): string {
  return cents < 0 ? `− ${euros(-cents, language)}` : euros(cents, language);
}

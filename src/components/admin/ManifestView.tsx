import Link from 'next/link';
import type { AdminViewServerProps } from 'payload';

import { fill } from '@/lib/icu-lite';
import { manifestForStaff } from '@/operations/manifest-access';

import { dateTimeOf, longDate } from './format';
import { OpsTemplate } from './OpsTemplate';
import { PrintButton } from './PrintButton.client';
import { staffView } from './view-context';

/** The manifest's count columns, in the order the crew read them. */
const COUNTS = ['adults', 'reduced', 'children', 'super3', 'persons', 'audioGuides'] as const;

/** /admin/ops/departures/{id}/manifest — the passenger list on screen, on A4 and as CSV. */
export default async function ManifestView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { role, language, t } = view;
  const segments = props.params?.segments;
  const id = Array.isArray(segments) && /^\d+$/.test(segments[2] ?? '') ? Number(segments[2]) : null;
  const result =
    role && id !== null ? await manifestForStaff(props.initPageResult.req.payload, role, id, language) : null;
  if (!result || 'status' in result) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{result && 'message' in result ? result.message : t.errors.notFound}</p>
      </OpsTemplate>
    );
  }
  const { manifest } = result;
  const m = t.manifest;
  return (
    <OpsTemplate props={props}>
      <div className="ops ops-manifest" data-testid="manifest">
        <h1>
          {m.title}: {manifest.tourTitle} — {manifest.departure.time}
        </h1>
        <p className="ops-sub">
          {longDate(manifest.departure.date, language)} · {manifest.boatName} ·{' '}
          {fill(m.capacity, { capacity: manifest.departure.capacity })}
        </p>
        <p className="ops-sub ops-print-only">
          {fill(m.printedAt, { time: dateTimeOf(new Date().toISOString(), language) })}
        </p>
        <div className="ops-toolbar ops-no-print">
          <PrintButton label={m.print} />
          <a className="ops-button" href={`/api/ops/departures/${manifest.departure.id}/manifest.csv`} download>
            {m.csv}
          </a>
          <a className="ops-button" href={`/api/ops/departures/${manifest.departure.id}/manifest.pdf`} download>
            {m.pdf}
          </a>
        </div>
        {manifest.lines.length === 0 ? (
          <p className="ops-empty">{m.empty}</p>
        ) : (
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{m.leadName}</th>
                <th scope="col">{m.reference}</th>
                {COUNTS.map((count) => (
                  <th key={count} scope="col" className="ops-num">
                    {m[count]}
                  </th>
                ))}
                <th scope="col">{m.mobilePhone}</th>
                <th scope="col">{m.comments}</th>
                <th scope="col" className="ops-num">
                  {m.boarded}
                </th>
              </tr>
            </thead>
            <tbody>
              {manifest.lines.map((line) => (
                <tr key={line.reference}>
                  <th scope="row">{line.leadName}</th>
                  <td data-label={m.reference}>
                    {view.can('booking.read') ? (
                      <Link href={`/admin/ops/bookings/${encodeURIComponent(line.reference)}`}>{line.reference}</Link>
                    ) : (
                      line.reference
                    )}
                  </td>
                  {COUNTS.map((count) => (
                    <td key={count} data-label={m[count]} className="ops-num">
                      {line[count]}
                    </td>
                  ))}
                  <td data-label={m.mobilePhone}>
                    <a href={`tel:${line.mobilePhone.replace(/[^\d+]/g, '')}`}>{line.mobilePhone}</a>
                  </td>
                  <td data-label={m.comments}>{line.comments}</td>
                  <td data-label={m.boarded} className="ops-num">
                    {line.boarded} / {line.persons}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="ops-totals" data-testid="manifest-totals">
                <th scope="row">
                  {m.total} ({manifest.totals.bookings})
                </th>
                <td />
                {COUNTS.map((count) => (
                  <td key={count} data-label={m[count]} className="ops-num">
                    {manifest.totals[count]}
                  </td>
                ))}
                <td />
                <td />
                <td data-label={m.boarded} className="ops-num">
                  {manifest.totals.boarded} / {manifest.totals.persons}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </div>
    </OpsTemplate>
  );
}

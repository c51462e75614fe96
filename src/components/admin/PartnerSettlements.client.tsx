'use client';

import { useDocumentInfo, useTranslation } from '@payloadcms/ui';
import { useId } from 'react';

import { opsLanguage, opsMessages } from '@/i18n/ops-messages';
import { fillWritten, labelled } from '@/i18n/written';

import { recentMonths } from './format';

import './ops.css';

/**
 * The partner's monthly settlements in its admin page (a UI field of the partners collection):
 * CSV and PDF of this month so far and the eleven before, through
 * /api/ops/partners/{id}/settlements/{yyyy-mm}.{csv|pdf}, in the partner's settlement language.
 */
export function PartnerSettlements() {
  const { id } = useDocumentInfo();
  const { i18n } = useTranslation();
  const locale = opsLanguage(i18n.language);
  const t = opsMessages(locale).partnerSettlement;
  const headingId = useId();
  if (!id) {
    return (
      <div className="ops partner-settlements field-type" data-testid="partner-settlements">
        <h3>{t.heading}</h3>
        <p>{t.saveFirst}</p>
      </div>
    );
  }
  const name = (month: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T12:00:00Z`),
    );
  const base = `/api/ops/partners/${encodeURIComponent(String(id))}/settlements`;
  return (
    <section
      className="ops partner-settlements field-type"
      aria-labelledby={headingId}
      data-testid="partner-settlements"
    >
      <h3 id={headingId}>{t.heading}</h3>
      <p>{t.intro}</p>
      <ul>
        {recentMonths(new Date()).map((month) => (
          <li key={month}>
            {labelled(locale, name(month), '')}
            <a href={`${base}/${month}.pdf`} aria-label={fillWritten(locale, t.pdf, { month: name(month) })} download>
              PDF
            </a>
            {' · '}
            <a href={`${base}/${month}.csv`} aria-label={fillWritten(locale, t.csv, { month: name(month) })} download>
              CSV
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import { RetentionNotice } from './RetentionNotice';

// 03:15 UTC on 26 November is 04:15 in Barcelona.
const run = { at: '2026-11-26T03:15:00.000Z', bookings: 3, requests: 1 };
const sameMorning = '2026-11-26T09:00:00.000Z';

describe('the retention job on the today board', () => {
  it.each([
    ['ca', 'Conservació de dades personals', '3 reserves i 1 sol·licitud anonimitzades'],
    ['es', 'Conservación de datos personales', '3 reservas y 1 solicitud anonimizadas'],
    ['en', 'Personal data retention', '3 bookings and 1 request anonymised'],
    ['fr', 'Conservation des données personnelles', '3 réservations et 1 demande anonymisées'],
  ] as const)('says when it last ran, on Madrid time, and what it anonymised, in %s', (language, title, counts) => {
    const html = renderToStaticMarkup(
      <RetentionNotice run={run} language={language} t={opsMessages(language)} now={sameMorning} />,
    );
    expect(html).toContain(title);
    expect(html).toMatch(/\b0?4:15\b/);
    expect(html).toContain(counts);
    expect(html).not.toContain(opsMessages(language).retention.stale);
  });

  it('warns when a night went by without a run, and says so when it never ran', () => {
    const t = opsMessages('en');
    const twoDaysLater = '2026-11-28T09:00:00.000Z';
    expect(renderToStaticMarkup(<RetentionNotice run={run} language="en" t={t} now={twoDaysLater} />)).toContain(
      t.retention.stale,
    );
    expect(renderToStaticMarkup(<RetentionNotice run={null} language="en" t={t} now={twoDaysLater} />)).toContain(
      t.retention.never,
    );
  });
});

import Link from 'next/link';

import type { Locale } from '@/i18n/locales';
import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import type { StaleRecords } from '@/invoicing/books';
import { plural } from '@/lib/icu-lite';

import './ops.css';

/**
 * Above the today board, for the office: invoice records the AEAT rejected, or that have not been
 * sent an hour after the invoice was issued. The invoices stand; their records must still reach
 * the AEAT, and only a person can correct a rejected one. Links to the list of those invoices.
 */
export function InvoicesAlert({ stale, language }: { stale: StaleRecords; language: Locale }) {
  if (stale.rejected === 0 && stale.unsent === 0) return null;
  const a = invoicesAdminMessages(language).alert;
  return (
    <section className="ops-attention" aria-labelledby="invoices-alert-title" data-testid="invoices-alert">
      <h2 id="invoices-alert-title">{a.title}</h2>
      <ul>
        {stale.rejected > 0 ? <li>{plural(a.rejected, stale.rejected, language)}</li> : null}
        {stale.unsent > 0 ? <li>{plural(a.unsent, stale.unsent, language)}</li> : null}
      </ul>
      <p className="ops-sub">{a.intro}</p>
      <p>
        <Link className="ops-button" href="/admin/ops/invoices?problems=1">
          {a.open}
        </Link>
      </p>
    </section>
  );
}

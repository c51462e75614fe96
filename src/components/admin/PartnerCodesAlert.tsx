import Link from 'next/link';

import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { partnersLowOnCodes } from '@/operations/door';

import './ops.css';

type PartnerLowOnCodes = Awaited<ReturnType<typeof partnersLowOnCodes>>[number];

/**
 * Above the today board, for staff who may read partners: partners that supply their own
 * admission codes and have fewer unused codes than their agreement's warning level (decision 175).
 * Warned before a sale finds none left, when the office can still ask the partner for a batch.
 */
export function PartnerCodesAlert({
  partners,
  language,
  t,
}: {
  partners: PartnerLowOnCodes[];
  language: Locale;
  t: OpsMessages;
}) {
  if (partners.length === 0) return null;
  const a = t.partnerCodes;
  return (
    <section className="ops-attention" aria-labelledby="partner-codes-title" data-testid="partner-codes-alert">
      <h2 id="partner-codes-title">{a.title}</h2>
      <p className="ops-sub">{a.intro}</p>
      <ul>
        {partners.map((partner) => (
          <li key={partner.partnerId}>
            {/* One item of the list's flex row: the colon stays after the name, not alone at a line's start. */}
            <span>
              <Link href={`/admin/collections/partners/${partner.partnerId}`}>{partner.name}</Link>
              {/* French puts a narrow no-break space before a colon (scripts/french-typography.mjs). */}
              {language === 'fr' ? '\u202f: ' : ': '}
              {plural(a.left, partner.unused, language)} ({fill(a.warning, { warning: partner.warning })})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

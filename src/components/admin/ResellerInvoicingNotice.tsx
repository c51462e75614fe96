import type { OpsMessages } from '@/i18n/ops-messages';
import { validateTaxId } from '@/invoicing/tax-id';
import { fill } from '@/lib/icu-lite';

import './ops.css';

const FIELDS = ['legalName', 'taxId', 'address'] as const;
export type InvoicingDetails = Record<(typeof FIELDS)[number], string>;

/** The notice itself (ResellerInvoicing.client.tsx reads the details from the admin form). */
export function ResellerInvoicingNotice({
  details,
  model = 'resale',
  t,
}: {
  details: InvoicingDetails;
  /** Its invoicing model (decision 165): an agent's sales are invoiced to the traveller, whatever the details. */
  model?: 'resale' | 'agent';
  t: OpsMessages['resellerInvoicing'];
}) {
  if (model === 'agent') {
    return (
      <div className="ops field-type" data-testid="reseller-invoicing">
        <p className="ops-notice ops-notice--ok" role="status">
          {t.agent}
        </p>
      </div>
    );
  }
  const missing = FIELDS.filter((field) => !details[field].trim());
  const checked = details.taxId.trim() ? validateTaxId(details.taxId) : null;
  if (missing.length === 0 && checked?.ok) {
    return (
      <div className="ops field-type" data-testid="reseller-invoicing">
        <p className="ops-notice ops-notice--ok" role="status">
          {fill(t.complete, { name: details.legalName.trim(), taxId: checked.normalised })}
        </p>
      </div>
    );
  }
  return (
    <div className="ops field-type" data-testid="reseller-invoicing">
      <div
        className="ops-notice"
        role="status"
        style={{ background: 'var(--ops-warn-bg)', color: 'var(--ops-warn)' }}
        data-testid="reseller-invoicing-warning"
      >
        <p>{t.incomplete}</p>
        {missing.length > 0 ? (
          <p>{fill(t.missing, { fields: missing.map((field) => t.fields[field]).join(', ') })}</p>
        ) : null}
        {checked && !checked.ok ? <p>{t.invalid}</p> : null}
      </div>
    </div>
  );
}

'use client';

import { useFormFields, useTranslation } from '@payloadcms/ui';

import { opsMessages } from '@/i18n/ops-messages';

import { ResellerInvoicingNotice, type InvoicingDetails } from './ResellerInvoicingNotice';

/**
 * Under the reseller's invoicing details (a UI field of the resellers collection): whether its
 * confirmed bookings are invoiced in full (F1) to it at the net price, or, while a detail is
 * missing or the tax id is wrong, or when it sells as our agent, to the traveller on simplified
 * invoices (F2), and what to fill in. Read from the form as
 * typed, so the warning goes as soon as the details are complete.
 */
export function ResellerInvoicing() {
  const { i18n } = useTranslation();
  const details = useFormFields(([fields]) => {
    const text = (name: keyof InvoicingDetails) => {
      const value = fields[name]?.value;
      return typeof value === 'string' ? value.trim() : '';
    };
    return { legalName: text('legalName'), taxId: text('taxId'), address: text('address') };
  });
  const model = useFormFields(([fields]) => (fields.invoicingModel?.value === 'agent' ? 'agent' : 'resale'));
  return <ResellerInvoicingNotice details={details} model={model} t={opsMessages(i18n.language).resellerInvoicing} />;
}

import type { FormEvent } from 'react';

import type { BookingFieldErrors } from '@/shop/booking-schema';
import type { Locale } from '@/i18n/locales';

import type { Availability } from './use-availability';
import type { BookingFields } from './use-booking-fields';
import type { FormStatus } from './use-form-status';
import type { Hold } from './use-hold';
import type { Quantities } from './use-quantities';
import type { BookingReview, ShopMessages } from './types';

/**
 * Sending the form: checked in the browser first, then the seats are held on the server, which
 * answers with the same error keys, and the hold goes to review.
 */
export function useSubmission({
  locale,
  messages,
  availability,
  fields,
  quantities,
  status,
  hold,
}: {
  locale: Locale;
  messages: ShopMessages;
  availability: Availability;
  fields: BookingFields;
  quantities: Quantities;
  status: FormStatus;
  hold: Hold;
}) {
  const t = messages;
  const { departure } = availability;

  return async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = fields.check();
    if (!ok || !departure) {
      status.alert(t.errors.incompleteForm ?? null);
      return;
    }
    if (quantities.tooMany) {
      status.alert(t.errors.capacityExhausted ?? null);
      return;
    }
    status.setBusy(true);
    try {
      const response = await fetch('/api/shop/holds', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields.values, departureId: String(departure.id), locale }),
      });
      const body = (await response.json()) as {
        ok: boolean;
        error?: string;
        reference?: string;
        errors?: BookingFieldErrors;
        invoice?: BookingReview['invoice'];
      };
      if (response.ok && body.reference) {
        const shownReview = await fetch(`/api/shop/holds/${body.reference}`, { cache: 'no-store' });
        const booking = ((await shownReview.json()) as { booking: BookingReview }).booking;
        hold.show(body.invoice ? { ...booking, invoice: body.invoice } : booking);
        return;
      }
      if (body.errors) fields.showErrors(body.errors);
      status.setLimitReached(body.error === 'holdLimitReached');
      // Seats went meanwhile: the calendar shows what is left.
      if (body.error === 'capacityExhausted') void availability.load();
      status.alert(t.errors[body.error ?? 'invalidRequest'] ?? t.errors.invalidRequest ?? null);
    } finally {
      status.setBusy(false);
    }
  };
}

'use client';

import { useId } from 'react';

import type { Locale } from '@/i18n/locales';
import { pathFor, requestTourHref } from '@/i18n/routes';

import styles from './BookingForm.module.css';
import { DateStep } from './booking-form/DateStep.client';
import { DepartureStep } from './booking-form/DepartureStep.client';
import { DetailsStep } from './booking-form/DetailsStep.client';
import { ReviewStep } from './booking-form/ReviewStep.client';
import { TicketsStep } from './booking-form/TicketsStep.client';
import type { ShopMessages } from './booking-form/types';
import { useAvailability } from './booking-form/use-availability';
import { useBookingFields } from './booking-form/use-booking-fields';
import { useFormStatus } from './booking-form/use-form-status';
import { useHold } from './booking-form/use-hold';
import { useQuantities } from './booking-form/use-quantities';
import { useSubmission } from './booking-form/use-submission';

export type { ShopMessages };

type Props = {
  slug: string;
  locale: Locale;
  messages: ShopMessages;
  /** A booking reference to reopen at the review step (back from a failed payment). */
  resume?: string | undefined;
  paymentFailed?: boolean;
  /** The visitor came back (browser back) from the payment page without paying. */
  returned?: boolean;
};

/**
 * The booking form (docs/domain-rules.md#product-constants) on the tour page: date, departure, tickets, details, then the review
 * step with the hold's countdown and the hand-over to the payment gateway. Validation is the
 * shared zod schema; the server answers with the same error keys. The launcher loads this module
 * on demand, and with it everything under booking-form/.
 */
export default function BookingForm({
  slug,
  locale,
  messages,
  resume,
  paymentFailed = false,
  returned = false,
}: Props) {
  const t = messages;
  const ids = useId();
  const availability = useAvailability(slug, locale);
  const status = useFormStatus();
  const { departure, priceList } = availability;
  const fields = useBookingFields({
    departure,
    locale,
    errorText: t.errors,
    onEdit: () => status.setFormError(null),
  });
  const quantities = useQuantities(fields.values, priceList, departure);
  const hold = useHold({ slug, messages, resume, paymentFailed, returned, status, reload: availability.load });
  const submit = useSubmission({ locale, messages, availability, fields, quantities, status, hold });

  if (availability.calendar && (availability.calendar.tour.mode !== 'online' || !priceList)) {
    return (
      <p className={styles.note}>
        {t.form.onRequest}{' '}
        <a href={requestTourHref(locale, slug, availability.date)} data-testid="request-this-tour">
          {t.form.requestThisTour}
        </a>
      </p>
    );
  }

  if (hold.review) {
    return (
      <ReviewStep
        ids={ids}
        locale={locale}
        messages={messages}
        review={hold.review}
        hold={hold}
        busy={status.busy}
        formError={status.formError}
      />
    );
  }

  const { formError, notice, busy, statusRef } = status;
  const groupHint = status.limitReached || fields.visible('adult') === 'tooManyTickets';

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t.form.title}>
      <p
        ref={statusRef}
        tabIndex={-1}
        role={formError ? 'alert' : undefined}
        className={formError ? styles.error : styles.hidden}
      >
        {formError}
      </p>
      {groupHint ? (
        <p className={styles.error}>
          <a href={pathFor('groups', locale)}>{t.form.groupRequest}</a>
        </p>
      ) : null}
      {notice ? (
        <p role="status" className={styles.note}>
          {notice}
        </p>
      ) : null}

      <DateStep locale={locale} text={t.form} availability={availability} />
      {availability.day ? (
        <DepartureStep
          locale={locale}
          text={t.form}
          day={availability.day}
          departure={departure}
          onPick={availability.pickDeparture}
        />
      ) : null}
      <TicketsStep
        ids={ids}
        locale={locale}
        messages={messages}
        priceList={priceList}
        fields={fields}
        quantities={quantities}
      />
      <DetailsStep ids={ids} text={t.form} invoiceText={t.invoice} fields={fields} />

      <button type="submit" className={styles.primary} disabled={busy || departure?.state === 'soldOut'}>
        {departure?.state === 'soldOut' || quantities.tooMany ? t.form.capacityExhausted : t.form.submit}
      </button>
    </form>
  );
}

'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';

import type { DayAvailability, DepartureAvailability, TourAvailability } from '@/schedule/availability';
import { bookingSchema, fieldErrors, type BookingFieldErrors } from '@/booking/booking-schema';
import { formatEuros } from '@/booking/money';
import { peopleCount, quote } from '@/booking/pricing';
import type { BookingReview as FullReview } from '@/booking/review';
import type { Locale } from '@/i18n/locales';
import { pathFor, requestTourHref } from '@/i18n/routes';
import { plural } from '@/lib/icu-lite';

import styles from './BookingForm.module.css';
import { fetchAvailability, monthOf, takePrefetchedAvailability } from './availability-prefetch';
import { goToGateway, type GatewayForm } from './gateway-redirect';
import { forgetPendingPayment, rememberPendingPayment } from './pending-payment';

/** The API leaves the customer out unless this browser made the hold (or has the signed link). */
type BookingReview = Omit<FullReview, 'customer'> & { customer: FullReview['customer'] | null };

export type ShopMessages = {
  errors: Record<string, string>;
  form: Record<string, string>;
  review: Record<string, string>;
};

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

/** Form input events are delayed 20 ms (docs/domain-rules.md#site-behaviour). */
const INPUT_DELAY_MS = 20;

type TextField = 'name' | 'surnames' | 'email' | 'phone' | 'mobilePhone';
const QUANTITY_FIELDS = ['adult', 'reduced', 'child', 'super3'] as const;
type Values = Record<string, string>;

const initialValues: Values = {
  tripType: 'roundTrip',
  adult: '1',
  reduced: '0',
  child: '0',
  super3: '0',
  audioGuides: '0',
  name: '',
  surnames: '',
  email: '',
  phone: '',
  mobilePhone: '',
  comments: '',
};

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, m - 1 + by, 1)));
}

/**
 * The booking form (docs/domain-rules.md#product-constants) on the tour page: date, departure, tickets, details, then the review
 * step with the hold's countdown and the hand-over to the payment gateway. Validation is the
 * shared zod schema; the server answers with the same error keys.
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
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [calendar, setCalendar] = useState<TourAvailability | null>(null);
  const [loading, setLoading] = useState(true);
  const [date, setDate] = useState<string | null>(null);
  const [departure, setDeparture] = useState<DepartureAvailability | null>(null);
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Parties above the shop's cap, and visitors at their seat limit, are pointed to the group form.
  const [limitReached, setLimitReached] = useState(false);
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<BookingReview | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [backFromPayment, setBackFromPayment] = useState(returned);
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const reviewReference = review?.reference;

  // The review replaces the form: take keyboard and screen-reader focus to its heading.
  useEffect(() => {
    if (reviewReference) reviewHeading.current?.focus();
  }, [reviewReference]);

  // State is only set in the promise callbacks, once the answer is in. A visitor paging through
  // months fires several requests; only the newest may fill the calendar, whatever order the
  // answers arrive in.
  const latestRequest = useRef(0);
  const load = useCallback(() => {
    const request = ++latestRequest.current;
    // The launcher may have asked already, while this code was on its way (availability-prefetch.ts).
    return (takePrefetchedAvailability(slug, month, locale) ?? fetchAvailability(slug, month, locale)).then((data) => {
      if (request !== latestRequest.current) return;
      setCalendar(data);
      setLoading(false);
    });
  }, [slug, month, locale]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!resume) return;
    // A payment link from the office carries the signed `firma`: with it the review shows the
    // customer's own details, as it does in the browser that made the hold.
    const firma = new URLSearchParams(window.location.search).get('firma');
    const signed = firma ? `?firma=${encodeURIComponent(firma)}` : '';
    void fetch(`/api/shop/holds/${encodeURIComponent(resume)}${signed}`, { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ booking: BookingReview }>) : null))
      .catch(() => null)
      .then((body) => {
        if (body?.booking.status === 'held') {
          setReview(body.booking);
          setNow(Date.now());
          if (paymentFailed) setFormError(messages.errors.paymentFailed ?? null);
          return;
        }
        forgetPendingPayment();
        // The departure was cancelled (wind, sea): say so, whoever comes back to this form.
        if (body?.booking.status === 'cancelled') {
          setFormError(messages.errors.departureCancelled ?? null);
          // A remembered hold that was paid or ran out meanwhile needs no word: the form is fresh.
        } else if (body && !returned) {
          setFormError(messages.errors[body.booking.status === 'paid' ? 'alreadyPaid' : 'holdExpired'] ?? null);
        }
      });
  }, [resume, paymentFailed, returned, messages]);

  // Browser back from the gateway may restore this page from the back-forward cache, frozen
  // mid-payment: wake the review up and offer to pay again or release the seats.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      setBackFromPayment(true);
      setNow(Date.now());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (!review) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [review]);

  const day: DayAvailability | undefined = calendar?.days.find((d) => d.date === date);
  const priceList = calendar?.tour.priceList ?? null;
  const numbers = {
    adult: Number(values.adult) || 0,
    reduced: Number(values.reduced) || 0,
    child: Number(values.child) || 0,
    super3: Number(values.super3) || 0,
    audioGuides: Number(values.audioGuides) || 0,
  };
  const people = peopleCount(numbers);
  const tripType = values.tripType === 'oneWay' ? 'oneWay' : 'roundTrip';
  const previewQuote = useMemo(() => {
    if (!priceList) return null;
    const result = quote(priceList, { ...numbers, tripType });
    return result.ok ? result.quote : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [priceList, values]);
  const preview = previewQuote?.totalCents ?? null;
  // The unit price of each category on the chosen trip type, from the same price list checkout uses.
  const fares = priceList ? (tripType === 'oneWay' && priceList.oneWay ? priceList.oneWay : priceList.roundTrip) : null;
  const unitOf = (name: (typeof QUANTITY_FIELDS)[number] | 'audioGuides'): number | null => {
    if (!priceList || !fares) return null;
    if (name === 'super3') return 0;
    if (name === 'audioGuides') return priceList.audioGuideCents ?? 300;
    return fares[name];
  };
  const tooMany = departure !== null && people > departure.seatsLeft;

  const validate = useCallback(
    (next: Values) => {
      const result = bookingSchema.safeParse({ ...next, departureId: departure ? String(departure.id) : '', locale });
      setErrors(fieldErrors(result));
      return result.success;
    },
    [departure, locale],
  );

  function change(name: string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    setFormError(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => validate(next), INPUT_DELAY_MS);
  }

  function blur(name: string) {
    setTouched((previous) => ({ ...previous, [name]: true }));
    validate(values);
  }

  const shown = (name: string): string | undefined => {
    const key = errors[name as keyof BookingFieldErrors];
    return key && (submitted || touched[name]) ? (t.errors[key] ?? t.errors.required) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const ok = validate(values);
    if (!ok || !departure) {
      setFormError(t.errors.incompleteForm ?? null);
      statusRef.current?.focus();
      return;
    }
    if (tooMany) {
      setFormError(t.errors.capacityExhausted ?? null);
      statusRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/api/shop/holds', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, departureId: String(departure.id), locale }),
      });
      const body = (await response.json()) as {
        ok: boolean;
        error?: string;
        reference?: string;
        errors?: BookingFieldErrors;
      };
      if (response.ok && body.reference) {
        const shownReview = await fetch(`/api/shop/holds/${body.reference}`, { cache: 'no-store' });
        setReview(((await shownReview.json()) as { booking: BookingReview }).booking);
        setNow(Date.now());
        return;
      }
      if (body.errors) setErrors(body.errors);
      setLimitReached(body.error === 'holdLimitReached');
      setFormError(t.errors[body.error ?? 'invalidRequest'] ?? t.errors.invalidRequest ?? null);
      if (body.error === 'capacityExhausted') void load();
      statusRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function extend() {
    if (!review) return;
    const response = await fetch(`/api/shop/holds/${review.reference}/extend`, { method: 'POST' });
    const body = (await response.json()) as { ok: boolean; holdExpiresAt?: string; error?: string };
    if (body.ok && body.holdExpiresAt) setReview({ ...review, holdExpiresAt: body.holdExpiresAt, holdExtended: true });
    else setFormError(t.errors[body.error ?? 'invalidRequest'] ?? null);
  }

  async function pay() {
    if (!review) return;
    setBusy(true);
    const response = await fetch(`/api/shop/holds/${review.reference}/payment`, { method: 'POST' });
    const body = (await response.json()) as {
      ok: boolean;
      error?: string;
      form?: GatewayForm;
    };
    if (!body.ok || !body.form) {
      setBusy(false);
      setFormError(t.errors[body.error ?? 'invalidRequest'] ?? null);
      return;
    }
    rememberPendingPayment(slug, review.reference);
    goToGateway(body.form);
  }

  /**
   * Gives the held seats back. "Change the booking" does it too, so a changed booking never
   * keeps the old seats taken as well (the form keeps what was typed).
   */
  async function release(after: 'released' | 'edit') {
    if (!review) return;
    setBusy(true);
    try {
      // Only the hold's owner may release it: this browser's hold cookie goes along by itself; the
      // customer of an office payment link proves it with the link's `firma`.
      const firma = new URLSearchParams(window.location.search).get('firma');
      const signed = firma ? `?firma=${encodeURIComponent(firma)}` : '';
      await fetch(`/api/shop/holds/${encodeURIComponent(review.reference)}/release${signed}`, { method: 'POST' });
    } catch {
      // Offline: the hold still expires on its own.
    } finally {
      setBusy(false);
    }
    forgetPendingPayment();
    if (window.location.search.includes('reserva=')) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
    }
    setReview(null);
    setBackFromPayment(false);
    setFormError(null);
    setNotice(after === 'released' ? (t.review.released ?? null) : null);
    void load();
  }

  if (calendar && (calendar.tour.mode !== 'online' || !priceList)) {
    return (
      <p className={styles.note}>
        {t.form.onRequest}{' '}
        <a href={requestTourHref(locale, slug, date)} data-testid="request-this-tour">
          {t.form.requestThisTour}
        </a>
      </p>
    );
  }

  if (review) {
    const left = Math.max(0, new Date(review.holdExpiresAt).getTime() - now);
    const mm = String(Math.floor(left / 60_000)).padStart(2, '0');
    const ss = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
    const expired = left === 0;
    return (
      <section className={styles.review} aria-labelledby={`${ids}-review`}>
        <h3 id={`${ids}-review`} ref={reviewHeading} tabIndex={-1}>
          {t.review.title}
        </h3>
        <p>{t.review.intro}</p>
        {backFromPayment && !expired ? (
          <p role="status" className={styles.note}>
            {t.review.returned}
          </p>
        ) : null}
        <p className={styles.countdown} role="timer" aria-live="off">
          {(t.review.expiresIn ?? '').replace('{time}', `${mm}:${ss}`)}
        </p>
        <dl className={styles.summary}>
          <dt>{t.review.reference}</dt>
          <dd>{review.reference}</dd>
          <dt>{t.form.date}</dt>
          <dd>
            {new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
              new Date(`${review.departure.date}T12:00:00Z`),
            )}
          </dd>
          <dt>{t.form.time}</dt>
          <dd>{review.departure.time}</dd>
          <dt>{t.form.boardingTime}</dt>
          <dd>{review.departure.boardingTime}</dd>
          <dt>{t.form.people}</dt>
          <dd>{review.seats}</dd>
          {review.customer && (
            <>
              <dt>{t.form.name}</dt>
              <dd>
                {review.customer.name} {review.customer.surnames}
              </dd>
              <dt>{t.form.email}</dt>
              <dd>{review.customer.email}</dd>
            </>
          )}
          <dt>{t.form.total}</dt>
          <dd className={styles.total}>{formatEuros(review.totalCents, locale)}</dd>
        </dl>
        {formError ? (
          <p role="alert" className={styles.error}>
            {formError}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={pay} disabled={busy || expired}>
            {(t.review.pay ?? '').replace('{amount}', formatEuros(review.totalCents, locale))}
          </button>
          {!review.holdExtended && !expired ? (
            <button type="button" className={styles.secondary} onClick={extend}>
              {t.review.extend}
            </button>
          ) : null}
          <button type="button" className={styles.secondary} onClick={() => void release('edit')} disabled={busy}>
            {t.review.edit}
          </button>
          {backFromPayment && !expired ? (
            <button type="button" className={styles.secondary} onClick={() => void release('released')} disabled={busy}>
              {t.review.release}
            </button>
          ) : null}
        </div>
        {expired ? <p role="alert">{t.errors.holdExpired}</p> : null}
      </section>
    );
  }

  const field = (name: TextField, type: string, autoComplete: string) => {
    const error = shown(name);
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={`${ids}-${name}`}>{t.form[name]}</label>
        <input
          id={`${ids}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-${name}-error` : undefined}
          onChange={(e) => change(name, e.target.value)}
          onBlur={() => blur(name)}
        />
        {error ? (
          <p id={`${ids}-${name}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const [y, m] = month.split('-').map(Number) as [number, number];
  const firstWeekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  const weekdayNames = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
  const thisMonth = monthOf(new Date());
  const groupHint = limitReached || ((submitted || touched.adult) && errors.adult === 'tooManyTickets');

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

      <fieldset className={styles.fieldset}>
        <legend>{t.form.date}</legend>
        <div className={styles.monthNav}>
          <button
            type="button"
            onClick={() => {
              setLoading(true);
              setMonth(shiftMonth(month, -1));
            }}
            disabled={month <= thisMonth}
            aria-label={t.form.previousMonth}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span aria-live="polite">{monthLabel}</span>
          <button
            type="button"
            onClick={() => {
              setLoading(true);
              setMonth(shiftMonth(month, 1));
            }}
            aria-label={t.form.nextMonth}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <div className={styles.calendar} role="group" aria-label={monthLabel} aria-busy={loading}>
          {weekdayNames.map((name) => (
            <span key={name} className={styles.weekday} aria-hidden="true">
              {name}
            </span>
          ))}
          {Array.from({ length: firstWeekday }, (_, i) => (
            <span key={`blank-${i}`} aria-hidden="true" />
          ))}
          {Array.from({ length: daysInMonth }, (_, i) => {
            const iso = `${month}-${String(i + 1).padStart(2, '0')}`;
            const info = calendar?.days.find((d) => d.date === iso);
            const closed = calendar?.closedDates?.includes(iso) ?? false;
            const label = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
              new Date(`${iso}T12:00:00Z`),
            );
            return (
              <button
                key={iso}
                type="button"
                className={closed ? `${styles.day} ${styles.closed}` : styles.day}
                disabled={closed || !info?.bookable}
                aria-pressed={date === iso}
                aria-label={
                  closed ? `${label} — ${t.form.closed}` : info?.bookable ? label : `${label} — ${t.form.noDepartures}`
                }
                onClick={() => {
                  setDate(iso);
                  setDeparture(null);
                }}
              >
                {i + 1}
              </button>
            );
          })}
        </div>
      </fieldset>

      {day ? (
        <fieldset className={styles.fieldset}>
          <legend>{t.form.time}</legend>
          {day.departures.map((dep) => (
            <label key={dep.id} className={styles.option}>
              <input
                type="radio"
                name="departure"
                value={dep.id}
                checked={departure?.id === dep.id}
                disabled={!dep.bookable}
                onChange={() => setDeparture(dep)}
              />
              <span>
                {dep.time} ·{' '}
                {dep.state === 'soldOut' ? t.form.soldOut : plural(t.form.seatsLeft ?? '', dep.seatsLeft, locale)}
              </span>
            </label>
          ))}
          <p className={styles.hint}>{t.form.otherTimesOnRequest}</p>
          {departure ? (
            <p>
              {t.form.boardingTime}: <strong>{departure.boardingTime}</strong>
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className={styles.fieldset}>
        <legend>{t.form.people}</legend>
        {priceList?.oneWay ? (
          <div role="radiogroup" aria-label={t.form.tripType} className={styles.row}>
            {(['roundTrip', 'oneWay'] as const).map((type) => (
              <label key={type} className={styles.option}>
                <input
                  type="radio"
                  name="tripType"
                  value={type}
                  checked={values.tripType === type}
                  onChange={() => change('tripType', type)}
                />
                {t.form[type]}
              </label>
            ))}
          </div>
        ) : null}
        <div className={styles.quantities}>
          {[...QUANTITY_FIELDS, 'audioGuides' as const].map((name) => {
            const error = shown(name);
            const unit = unitOf(name);
            const rule = name === 'audioGuides' ? undefined : t.form[`${name}Rule`];
            const describedBy = [`${ids}-${name}-rule`, error ? `${ids}-${name}-error` : ''].filter(Boolean).join(' ');
            return (
              <div className={styles.field} key={name}>
                <label htmlFor={`${ids}-${name}`}>{t.form[name]}</label>
                <p id={`${ids}-${name}-rule`} className={styles.rule}>
                  {rule ? <span>{rule}</span> : null}
                  {unit !== null ? (
                    <span>
                      {unit === 0
                        ? t.form.free
                        : (t.form.each ?? '{price}').replace('{price}', formatEuros(unit, locale))}
                    </span>
                  ) : null}
                </p>
                <input
                  id={`${ids}-${name}`}
                  name={name}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={60}
                  value={values[name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => change(name, e.target.value)}
                  onBlur={() => blur(name)}
                />
                {error ? (
                  <p id={`${ids}-${name}-error`} className={styles.error}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <p className={styles.hint}>{t.form.audioGuidesHint}</p>
        {previewQuote && (previewQuote.lines.length > 0 || previewQuote.audioGuides.quantity > 0) ? (
          <table className={styles.lines}>
            <caption className={styles.hidden}>{t.form.lines}</caption>
            <tbody>
              {previewQuote.lines.map((line) => (
                <tr key={line.category}>
                  <th scope="row">
                    {line.quantity} × {t.form[line.category]}
                  </th>
                  <td>
                    {line.unitCents === 0 ? t.form.free : `${line.quantity} × ${formatEuros(line.unitCents, locale)}`}
                  </td>
                  <td>{formatEuros(line.totalCents, locale)}</td>
                </tr>
              ))}
              {previewQuote.audioGuides.quantity > 0 ? (
                <tr>
                  <th scope="row">
                    {previewQuote.audioGuides.quantity} × {t.form.audioGuideLine}
                  </th>
                  <td>
                    {previewQuote.audioGuides.quantity} × {formatEuros(previewQuote.audioGuides.unitCents, locale)}
                  </td>
                  <td>{formatEuros(previewQuote.audioGuides.totalCents, locale)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : null}
        <p aria-live="polite" className={styles.totals}>
          {t.form.people}: <strong>{people}</strong> · {t.form.total}:{' '}
          <strong>{preview === null ? '—' : formatEuros(preview, locale)}</strong>
        </p>
        {tooMany ? <p className={styles.error}>{t.errors.capacityExhausted}</p> : null}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t.form.details}</legend>
        {field('name', 'text', 'given-name')}
        {field('surnames', 'text', 'family-name')}
        {field('email', 'email', 'email')}
        {field('phone', 'tel', 'tel')}
        {field('mobilePhone', 'tel', 'tel')}
        <div className={styles.field}>
          <label htmlFor={`${ids}-comments`}>{t.form.comments}</label>
          <textarea
            id={`${ids}-comments`}
            name="comments"
            rows={3}
            value={values.comments}
            onChange={(e) => change('comments', e.target.value)}
          />
        </div>
      </fieldset>

      <button type="submit" className={styles.primary} disabled={busy || departure?.state === 'soldOut'}>
        {departure?.state === 'soldOut' || tooMany ? t.form.capacityExhausted : t.form.submit}
      </button>
    </form>
  );
}

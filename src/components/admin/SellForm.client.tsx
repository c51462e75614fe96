'use client';

import { useEffect, useMemo, useState, type FormEvent } from 'react';

import { BOX_OFFICE_METHODS, type BoxOfficeMethod } from '@/operations/box-office-methods';
import { quote, type PriceList, type QuantityField, type Selection } from '@/booking/pricing';
import { locales, localeInfo, type Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';

import { dateTimeOf, euros, timeOf } from './format';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';
import './box-office.css';

/** `simplifiedLimitCents`: above it the sale is invoiced in full (the tour's tax treatment, decision 164). */
export type SellableTour = { id: number; title: string; priceList: PriceList; simplifiedLimitCents: number };

type Departure = {
  id: number;
  tourId: number;
  tourTitle: string;
  boatName: string;
  startsAt: string;
  capacity: number;
  free: number;
  sellable: boolean;
};

type Sold = { reference: string; status: 'paid' | 'held'; totalCents: number; holdExpiresAt: string | null };

const QUANTITIES: QuantityField[] = ['adult', 'reduced', 'child', 'super3', 'audioGuides'];
const EMPTY = {
  tripType: 'roundTrip' as Selection['tripType'],
  adult: 0,
  reduced: 0,
  child: 0,
  super3: 0,
  audioGuides: 0,
  name: '',
  surnames: '',
  email: '',
  phone: '',
  mobilePhone: '',
  comments: '',
  invoiceTo: '',
  invoiceTaxId: '',
  invoiceAddress: '',
};

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * The box-office sale: departure, tickets, customer, how they paid. The total is priced here
 * with the shop's own rules for the staff to read out; the server prices it again and decides.
 */
export function SellForm({
  language,
  t,
  tours,
  initialDate,
  shell,
}: {
  language: Locale;
  t: OpsMessages;
  tours: SellableTour[];
  initialDate: string;
  /** Which shell draws the sale: "Open the booking" stays in it (office-paths.ts). */
  shell?: OfficeShell;
}) {
  const paths = officePaths(shell);
  const s = t.sell;
  const [date, setDate] = useState(initialDate);
  const [loaded, setLoaded] = useState<{ key: string; departures: Departure[] } | null>(null);
  const [departureId, setDepartureId] = useState<number | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [customerLocale, setCustomerLocale] = useState<Locale>(language);
  const [method, setMethod] = useState<BoxOfficeMethod>('cash');
  // A customer paying otherwise who wants a full invoice (a school paying cash) gives the same details.
  const [wantsInvoice, setWantsInvoice] = useState(false);
  const [requestKey, setRequestKey] = useState(newKey);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sold, setSold] = useState<Sold | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Bumped after a sale: the seats it took show at once on the list.
  const [listVersion, setListVersion] = useState(0);

  // The list shown belongs to the day (and sale) asked for; until it arrives, nothing is shown.
  const listKey = `${date}#${listVersion}`;
  const departures = loaded?.key === listKey ? loaded.departures : null;

  useEffect(() => {
    const controller = new AbortController();
    void fetch(`/api/ops/departures?date=${encodeURIComponent(date)}`, {
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then((response) => response.json() as Promise<{ ok: boolean; departures: Departure[] }>)
      .then((body) => {
        if (!body.ok) throw new Error('departures');
        // Boats that already left are no use at the counter: only what can still sail is listed
        // (closed or cancelled ones stay, greyed, so nobody wonders where they went).
        const now = Date.now();
        setLoaded({
          key: `${date}#${listVersion}`,
          departures: body.departures.filter((d) => d.sellable || new Date(d.startsAt).getTime() > now),
        });
        setLoadFailed(false);
      })
      .catch((reason: Error) => {
        if (reason.name !== 'AbortError') setLoadFailed(true);
      });
    return () => controller.abort();
  }, [date, listVersion]);

  const departure = departures?.find((d) => d.id === departureId) ?? null;
  const tour = tours.find((candidate) => candidate.id === departure?.tourId) ?? null;
  const selection: Selection = {
    tripType: form.tripType,
    adult: form.adult,
    reduced: form.reduced,
    child: form.child,
    super3: form.super3,
    audioGuides: form.audioGuides,
  };
  const priced = useMemo(
    () =>
      tour && departure ? quote(tour.priceList, selection, { maxTickets: Math.max(1, departure.capacity) }) : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `selection` is rebuilt from `form` each render
    [tour, departure, form],
  );
  // Above the tour's limit a simplified invoice is not allowed: the details are asked for, and the
  // server refuses the sale without them all the same (fullInvoiceRequired).
  const overLimit = Boolean(tour && priced?.ok && priced.quote.totalCents > tour.simplifiedLimitCents);
  const invoiceDetails = method === 'invoice' || wantsInvoice || overLimit;

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({
      ...current,
      [field]: QUANTITIES.includes(field as QuantityField) ? Math.max(0, Math.trunc(Number(value) || 0)) : value,
    }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!departure) {
      setError(s.errors.chooseDeparture);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { invoiceTo, invoiceTaxId, invoiceAddress, ...rest } = form;
      const response = await fetch('/api/ops/bookings', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...rest,
          ...(invoiceDetails ? { invoiceTo, invoiceTaxId, invoiceAddress } : {}),
          departure: departure.id,
          locale: customerLocale,
          method,
          requestKey,
        }),
      });
      const body = (await response.json()) as Sold & {
        ok: boolean;
        message?: string;
        violations?: { message: string }[];
      };
      if (!body.ok) {
        setError([body.message, ...(body.violations ?? []).map((v) => v.message)].filter(Boolean).join(' '));
        return;
      }
      setSold(body);
      setRequestKey(newKey());
    } catch {
      setError(t.errors.network);
    } finally {
      setPending(false);
    }
  }

  function startOver() {
    setSold(null);
    setForm(EMPTY);
    setDepartureId(null);
    setMethod('cash');
    setWantsInvoice(false);
    setError(null);
    setListVersion((version) => version + 1);
  }

  if (sold) {
    const print = (format: 'a4' | 'receipt') =>
      `/admin/ops/bookings/${encodeURIComponent(sold.reference)}/tickets?format=${format}`;
    return (
      <div className="ops box-office" data-testid="sale-done">
        <h1>{s.title}</h1>
        <p className="ops-notice ops-notice--ok" role="status">
          {sold.status === 'paid'
            ? fill(s.sold, {
                reference: sold.reference,
                total: euros(sold.totalCents, language),
                method: s.methods[method],
              })
            : fill(s.linkSent, {
                email: form.email,
                until: sold.holdExpiresAt ? dateTimeOf(sold.holdExpiresAt, language) : '',
              })}
        </p>
        <p className="box-office__next">
          {sold.status === 'paid' ? (
            <>
              <a className="ops-button ops-button--primary" href={print('receipt')}>
                {s.printReceipt}
              </a>
              <a className="ops-button" href={print('a4')}>
                {s.printA4}
              </a>
            </>
          ) : null}
          <a className="ops-button" href={paths.booking(sold.reference)}>
            {s.openBooking}
          </a>
          <button type="button" className="ops-button" onClick={startOver}>
            {s.another}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className="ops box-office" onSubmit={submit} noValidate data-testid="sell-form">
      <h1>{s.title}</h1>
      <fieldset className="box-office__block">
        <legend>{s.departure}</legend>
        <label className="box-office__field">
          <span>{s.date}</span>
          <input
            type="date"
            name="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setDepartureId(null);
            }}
            required
          />
        </label>
        {loadFailed ? <p className="ops-notice ops-notice--error">{t.errors.network}</p> : null}
        {departures === null ? (
          <p className="ops-muted">…</p>
        ) : departures.length === 0 ? (
          <p className="ops-empty">{s.noDepartures}</p>
        ) : (
          <ul className="box-office__departures">
            {departures.map((d) => (
              <li key={d.id}>
                <label className={d.sellable ? undefined : 'box-office__off'}>
                  <input
                    type="radio"
                    name="departure"
                    value={d.id}
                    checked={departureId === d.id}
                    disabled={!d.sellable}
                    onChange={() => setDepartureId(d.id)}
                  />
                  <span className="ops-time">{timeOf(d.startsAt, language)}</span>
                  <span>
                    {d.tourTitle} · {d.boatName}
                  </span>
                  <span className="ops-muted">{d.sellable ? plural(s.free, d.free, language) : s.notForSale}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset className="box-office__block">
        <legend>{s.tickets}</legend>
        {tour?.priceList.oneWay ? (
          <label className="box-office__field">
            <span>{s.tripType}</span>
            <select name="tripType" value={form.tripType} onChange={set('tripType')}>
              <option value="roundTrip">{t.booking.roundTrip}</option>
              <option value="oneWay">{t.booking.oneWay}</option>
            </select>
          </label>
        ) : null}
        <div className="box-office__quantities">
          {QUANTITIES.map((field) => (
            <label key={field} className="box-office__field">
              <span>{field === 'audioGuides' ? s.audioGuides : t.category[field]}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={departure?.capacity ?? 999}
                name={field}
                value={form[field] === 0 ? '' : form[field]}
                placeholder="0"
                onChange={set(field)}
              />
            </label>
          ))}
        </div>
        <p className="box-office__total" aria-live="polite">
          {s.total}:{' '}
          <strong data-testid="sale-total">{priced?.ok ? euros(priced.quote.totalCents, language) : '—'}</strong>
          {priced && !priced.ok && selection.adult + selection.reduced + selection.child + selection.super3 > 0 ? (
            <span className="ops-muted"> · {s.rules[priced.error]}</span>
          ) : null}
        </p>
      </fieldset>

      <fieldset className="box-office__block">
        <legend>{s.customer}</legend>
        <div className="box-office__grid">
          <label className="box-office__field">
            <span>{s.name}</span>
            <input name="name" value={form.name} onChange={set('name')} autoComplete="off" required />
          </label>
          <label className="box-office__field">
            <span>{s.surnames}</span>
            <input name="surnames" value={form.surnames} onChange={set('surnames')} autoComplete="off" />
          </label>
          <label className="box-office__field">
            <span>{s.email}</span>
            <input
              type="email"
              name="email"
              value={form.email}
              onChange={set('email')}
              autoComplete="off"
              aria-describedby="box-office-email-hint"
            />
            <span id="box-office-email-hint" className="ops-hint">
              {s.emailHint}
            </span>
          </label>
          <label className="box-office__field">
            <span>{s.phone}</span>
            <input type="tel" name="phone" value={form.phone} onChange={set('phone')} autoComplete="off" />
          </label>
          <label className="box-office__field">
            <span>{s.mobile}</span>
            <input
              type="tel"
              name="mobilePhone"
              value={form.mobilePhone}
              onChange={set('mobilePhone')}
              autoComplete="off"
            />
          </label>
          <label className="box-office__field">
            <span>{s.language}</span>
            <select
              name="locale"
              value={customerLocale}
              onChange={(event) => setCustomerLocale(event.target.value as Locale)}
            >
              {locales.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {localeInfo[locale].label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="box-office__field">
          <span>{s.comments}</span>
          <textarea name="comments" rows={2} value={form.comments} onChange={set('comments')} />
        </label>
      </fieldset>

      <fieldset className="box-office__block">
        <legend>{s.method}</legend>
        <div className="box-office__methods">
          {BOX_OFFICE_METHODS.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="method"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
              />
              {s.methods[option]}
            </label>
          ))}
        </div>
        {method === 'invoice' ? null : overLimit && tour ? (
          <p className="ops-hint" data-testid="over-limit">
            {fill(s.overLimitHint, { limit: euros(tour.simplifiedLimitCents, language) })}
          </p>
        ) : (
          <label className="box-office__check">
            <input
              type="checkbox"
              name="wantsInvoice"
              checked={wantsInvoice}
              onChange={(event) => setWantsInvoice(event.target.checked)}
            />
            {s.wantsInvoice}
          </label>
        )}
        {invoiceDetails ? (
          <div className="box-office__grid" data-testid="invoice-details">
            <label className="box-office__field">
              <span>{method === 'invoice' ? s.invoiceTo : s.invoiceName}</span>
              <input
                name="invoiceTo"
                value={form.invoiceTo}
                onChange={set('invoiceTo')}
                maxLength={120}
                autoComplete="off"
                required
              />
            </label>
            <label className="box-office__field">
              <span>{s.invoiceTaxId}</span>
              <input
                name="invoiceTaxId"
                value={form.invoiceTaxId}
                onChange={set('invoiceTaxId')}
                maxLength={20}
                autoComplete="off"
                spellCheck={false}
                required
              />
            </label>
            <label className="box-office__field">
              <span>{s.invoiceAddress}</span>
              <input
                name="invoiceAddress"
                value={form.invoiceAddress}
                onChange={set('invoiceAddress')}
                maxLength={200}
                autoComplete="off"
                aria-describedby="box-office-invoice-hint"
                required
              />
              <span id="box-office-invoice-hint" className="ops-hint">
                {s.invoiceHint}
              </span>
            </label>
          </div>
        ) : null}
      </fieldset>

      {error ? (
        <p className="ops-notice ops-notice--error" role="alert" data-testid="sale-error">
          {error}
        </p>
      ) : null}
      <p>
        <button type="submit" className="ops-button ops-button--primary box-office__submit" disabled={pending}>
          {pending ? s.sending : method === 'link' ? s.submitLink : s.submit}
          {priced?.ok && !pending ? ` · ${euros(priced.quote.totalCents, language)}` : ''}
        </button>
      </p>
    </form>
  );
}

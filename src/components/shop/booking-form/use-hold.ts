import { useEffect, useRef, useState } from 'react';

import { goToGateway, type GatewayForm } from '../gateway-redirect';
import { forgetPendingPayment, rememberPendingPayment } from '../pending-payment';
import type { FormStatus } from './use-form-status';
import type { BookingReview, ShopMessages } from './types';

/** The signed `firma` of an office payment link, as a query string for the hold's API. */
function signedQuery(): string {
  const firma = new URLSearchParams(window.location.search).get('firma');
  return firma ? `?firma=${encodeURIComponent(firma)}` : '';
}

/**
 * The seats held for the visitor, shown for review: its countdown and one extension, the
 * hand-over to the payment gateway, giving the seats back, and picking the hold up again after
 * a failed payment or the browser's back button.
 */
export function useHold({
  slug,
  messages,
  resume,
  paymentFailed,
  returned,
  status,
  reload,
}: {
  slug: string;
  messages: ShopMessages;
  resume: string | undefined;
  paymentFailed: boolean;
  returned: boolean;
  status: FormStatus;
  /** Asks for the calendar's seats again. */
  reload: () => unknown;
}) {
  const t = messages;
  const { setBusy, setFormError, setNotice } = status;
  const [review, setReview] = useState<BookingReview | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [backFromPayment, setBackFromPayment] = useState(returned);
  /** Holds this browser gave back: never shown again, whatever a late answer says. */
  const released = useRef(new Set<string>());

  useEffect(() => {
    if (!resume) return;
    // An answer that arrives after this effect was superseded, or after this browser released the
    // hold, must not bring the review back: the release may commit just after the hold was read
    // (seen in CI: "released", then the review of the released hold again a moment later).
    let superseded = false;
    // A payment link from the office carries the signed `firma`: with it the review shows the
    // customer's own details, as it does in the browser that made the hold.
    void fetch(`/api/shop/holds/${encodeURIComponent(resume)}${signedQuery()}`, { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ booking: BookingReview }>) : null))
      .catch(() => null)
      .then((body) => {
        if (superseded || released.current.has(resume)) return;
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
    return () => {
      superseded = true;
    };
  }, [resume, paymentFailed, returned, messages, setFormError]);

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
  }, [setBusy]);

  useEffect(() => {
    if (!review) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [review]);

  const left = review ? Math.max(0, new Date(review.holdExpiresAt).getTime() - now) : 0;

  return {
    review,
    backFromPayment,
    /** What is left of the hold, as mm:ss. */
    timeLeft: `${String(Math.floor(left / 60_000)).padStart(2, '0')}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`,
    expired: left === 0,

    /** A hold just made: review it, counting down from now. */
    show(booking: BookingReview) {
      setReview(booking);
      setNow(Date.now());
    },

    async extend() {
      if (!review) return;
      const response = await fetch(`/api/shop/holds/${review.reference}/extend`, { method: 'POST' });
      const body = (await response.json()) as { ok: boolean; holdExpiresAt?: string; error?: string };
      if (body.ok && body.holdExpiresAt)
        setReview({ ...review, holdExpiresAt: body.holdExpiresAt, holdExtended: true });
      else setFormError(t.errors[body.error ?? 'invalidRequest'] ?? null);
    },

    async pay() {
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
    },

    /**
     * Gives the held seats back. "Change the booking" does it too, so a changed booking never
     * keeps the old seats taken as well (the form keeps what was typed).
     */
    async release(after: 'released' | 'edit') {
      if (!review) return;
      released.current.add(review.reference);
      setBusy(true);
      try {
        // Only the hold's owner may release it: this browser's hold cookie goes along by itself; the
        // customer of an office payment link proves it with the link's `firma`.
        await fetch(`/api/shop/holds/${encodeURIComponent(review.reference)}/release${signedQuery()}`, {
          method: 'POST',
        });
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
      void reload();
    },
  };
}

export type Hold = ReturnType<typeof useHold>;

// Shared by the booking launcher (first load) and the lazily loaded booking form.
/**
 * The hold a visitor took to the payment page, per browser tab: coming back to the tour page
 * (browser back) reopens its review instead of leaving the seats held and forgotten.
 */
const PENDING_PAYMENT_KEY = 'golondrinas:pending-payment';

export function pendingPayment(slug: string): string | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(PENDING_PAYMENT_KEY) ?? 'null') as {
      slug?: string;
      reference?: string;
    } | null;
    return stored?.slug === slug && typeof stored.reference === 'string' ? stored.reference : null;
  } catch {
    return null;
  }
}

export function forgetPendingPayment(): void {
  try {
    window.sessionStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Storage refused (private mode): nothing was remembered either.
  }
}

export function rememberPendingPayment(slug: string, reference: string): void {
  try {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ slug, reference }));
  } catch {
    // Without storage, coming back only loses the offer to release; the hold still expires.
  }
}

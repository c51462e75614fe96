'use client';

import {
  Component,
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

import type { Locale } from '@/i18n/locales';

import { prefetchAvailability } from './availability-prefetch';
import { shopTexts } from './booking-form/shop-texts';
import { pendingPayment } from './pending-payment';
import styles from './BookingForm.module.css';

// The calendar and form load only when the visitor asks for them (docs/domain-rules.md#budgets: ≤ 130 KB of
// JavaScript on first load of a tour page), and with them their texts (shop-texts.ts).
const loadForm = () => import('./BookingForm.client');
const lazyForm = () => lazy(loadForm);
type LazyForm = ReturnType<typeof lazyForm>;

type FormProps = Omit<ComponentProps<LazyForm>, 'messages'> & { Form: LazyForm };

/** The form once its texts have arrived too (the Suspense around it waits for both). */
function FormWithTexts({ Form, ...props }: FormProps) {
  const messages = use(shopTexts(props.locale));
  return <Form {...props} messages={messages} />;
}

/**
 * A download of the form's code or texts that fails (a 4G connection dropping right at the tap)
 * hands the launcher back its button with a message, instead of reaching the site's global error
 * page and taking the whole tour page with it. Anything else that stops the form from rendering
 * lands here too: the visitor keeps the page and can try again.
 */
class DownloadFailure extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailure();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

const noSubscription = () => () => {};
const currentSearch = () => window.location.search;
const noSearch = () => '';

export function BookingLauncher({
  slug,
  locale,
  openLabel,
  loadFailedText,
}: {
  slug: string;
  locale: Locale;
  openLabel: string;
  /** Shown when the form could not be downloaded; in the page, since the form's texts may be what failed. */
  loadFailedText: string;
}) {
  const [open, setOpen] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // React's lazy() keeps a failed load for good: a new attempt needs a new lazy component (the
  // bundler fetches a chunk that failed again; the button's warm-up asks shopTexts to retry).
  const [Form, setForm] = useState(lazyForm);
  const button = useRef<HTMLButtonElement>(null);
  // The button the visitor pressed went away with the form: after a failure, focus goes back to
  // it, so a keyboard or screen-reader user is where they were and can try again at once.
  useEffect(() => {
    if (loadFailed && !open) button.current?.focus();
  }, [loadFailed, open]);
  // Back from the gateway's KO page (?reserva=…&pago=ko): reopen that booking's review so the
  // visitor can pay again while the hold lasts. Read without an effect; the server sees ''.
  const search = useSyncExternalStore(noSubscription, currentSearch, noSearch);
  const query = new URLSearchParams(search);
  // Back from the payment page with the browser's back button: the hold it took there.
  const pending = useSyncExternalStore(
    noSubscription,
    () => pendingPayment(slug),
    () => null,
  );
  const resume = query.get('reserva') ?? pending;
  if (!open && (!resume || loadFailed)) {
    // A finger or pointer on the button, or keyboard focus, is the intent to book: the form's code
    // and its first month of seats start downloading together, before the tap lands.
    // A failed download is the form's to report (DownloadFailure); here it is only a head start.
    const warm = () => {
      loadForm().catch(() => {});
      void shopTexts(locale, { retryFailed: true });
      prefetchAvailability(slug, locale);
    };
    const bookButton = (
      <button
        ref={button}
        type="button"
        className={styles.primary}
        onPointerEnter={warm}
        onPointerDown={warm}
        onFocus={warm}
        onClick={() => {
          warm();
          setOpen(true);
        }}
      >
        {openLabel}
      </button>
    );
    if (!loadFailed) return bookButton;
    return (
      <>
        <p role="alert" className={`${styles.error} ${styles.loadFailed}`}>
          {loadFailedText}
        </p>
        {bookButton}
      </>
    );
  }
  return (
    <DownloadFailure
      onFailure={() => {
        setForm(() => lazyForm());
        setLoadFailed(true);
        setOpen(false);
      }}
    >
      <Suspense fallback={<p aria-busy="true">…</p>}>
        <FormWithTexts
          Form={Form}
          slug={slug}
          locale={locale}
          resume={resume ?? undefined}
          paymentFailed={query.get('pago') === 'ko'}
          returned={!query.get('reserva') && Boolean(pending)}
        />
      </Suspense>
    </DownloadFailure>
  );
}

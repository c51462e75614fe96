import type { Payload } from 'payload';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import BookingPage from '@/app/(site)/[locale]/reserva/[reference]/page';
import { GET as stateRoute } from '@/app/api/shop/bookings/[reference]/state/route';
import { cancelBooking } from '@/operations/booking-actions';
import { bookingLinkSignature } from '@/booking/signature';
import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { cancelDeparture } from '@/operations/disruption';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, paidBooking, payAtSandbox, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

// The page uses next-intl's server API, which outside Next has no request to read its
// configuration from: the same messages, handed over through next-intl's own translator.
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages: load } = await import('@/i18n/messages');
  return {
    setRequestLocale: () => {},
    getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
      createTranslator({ locale, messages: await load(locale), namespace: namespace as never }),
  };
});

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'maritime60' });
});
afterAll(async () => {
  await stop?.();
});
checkInvariantsAfterEach(() => payload);

/** Renders a server page, its async components awaited first (as booking-links.test.ts). */
async function html(node: Promise<ReactNode> | ReactNode): Promise<string> {
  async function resolve(value: ReactNode): Promise<ReactNode> {
    if (Array.isArray(value)) return Promise.all(value.map(resolve));
    if (!isValidElement(value)) return value;
    const element = value as ReactElement<{ children?: ReactNode }>;
    const { type, props } = element;
    if (typeof type === 'function' && type.constructor.name === 'AsyncFunction') {
      return resolve(await (type as (p: unknown) => Promise<ReactNode>)(props));
    }
    if (props.children === undefined) return element;
    const children = await resolve(props.children);
    return Array.isArray(props.children)
      ? cloneElement(element, undefined, ...(children as ReactNode[]))
      : cloneElement(element, undefined, children);
  }
  return renderToStaticMarkup(await resolve(await node))
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const page = (reference: string, firma: string, locale: Locale) =>
  html(BookingPage({ params: Promise.resolve({ locale, reference }), searchParams: Promise.resolve({ firma }) }));

describe(`the signed booking page opens for every status, on ${testDatabaseKind}`, () => {
  it.each(['ca', 'es'] as const)(
    'a booking the office cancelled and refunded shows it, with its history (%s)',
    async (locale) => {
      const departureId = await addDeparture(payload, shop, { capacity: 10 });
      const paid = await paidBooking(payload, departureId, { adults: 2, locale });
      await cancelBooking(
        payload,
        { reference: paid.reference, refund: 'full', reason: 'x', by: 'user:1' },
        { provider },
      );
      const messages = (await loadMessages(locale)) as unknown as {
        tickets: { invalidLink: string };
        notices: { history: { title: string } };
      };
      const text = await page(paid.reference, await bookingLinkSignature(payload, paid.reference), locale);
      expect(text).not.toContain(messages.tickets.invalidLink);
      expect(text).toContain(locale === 'ca' ? 'Aquesta reserva està cancel·lada' : 'Esta reserva está cancelada');
      expect(text).toContain(locale === 'ca' ? "T'hem retornat 30,00" : 'Te devolvimos 30,00');
      expect(text).toContain(messages.notices.history.title);
      expect(text).toContain(locale === 'ca' ? 'Cancel·lada per la nostra oficina' : 'Cancelada por nuestra oficina');
      // Still nobody else's: a forged signature opens nothing.
      expect(await page(paid.reference, 'x'.repeat(32), locale)).toContain(messages.tickets.invalidLink);
    },
  );

  it('the state the thank-you page asks for: a late payment is "too late", refunded, never confirmed', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 2, locale: 'fr' });
    await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    await payAtSandbox(payload, request);
    const firma = await bookingLinkSignature(payload, held.reference);
    const ask = (query: string) =>
      stateRoute(new Request(`http://localhost:3110/api/shop/bookings/${held.reference}/state?${query}`), {
        params: Promise.resolve({ reference: held.reference }),
      });
    const answer = await ask(`firma=${firma}&locale=fr`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as { view: string; title: string; lines: string[]; bookingPath: string };
    expect(body.title).toBe('Votre paiement est arrivé trop tard');
    expect(body.lines.join(' ')).toContain('Il n’y a pas de réservation'.replace('’', "'"));
    expect(body.lines.join(' ')).not.toMatch(/confirm/i);
    expect(body.bookingPath).toBe(`/fr/reserva/${held.reference}?firma=${encodeURIComponent(firma)}`);
    expect((await ask('firma=nope-nope-nope-nope&locale=fr')).status).toBe(404);
    expect((await ask(`firma=${firma}&locale=de`)).status).toBe(400);
  });
});

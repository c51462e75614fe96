import { expect, test } from '../fixtures/staff-page';
import { formatEuros } from '../../src/booking/money';
import { madridToday } from '../../src/i18n/time';
import opsEn from '../../src/i18n/messages/ops/en.json' with { type: 'json' };
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };
import ticketsCa from '../../src/i18n/messages/tickets/ca.json' with { type: 'json' };

import { linkFromOutbox, paidBooking } from './paid-booking';
import { SHOTS as shots } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * A customer on the phone wants a dearer trip and will pay online: the office, on a phone, moves
 * the booking "by payment link"; the customer opens the e-mailed link on their phone, in Catalan,
 * pays the difference at the sandbox bank, and their booking page shows the new departure.
 */
const a = opsEn.ops.bookingActions;
const tickets = ticketsCa.tickets;
const CHEAP_TOUR = 'barcelona-port-40-min';

function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

test('the office offers a dearer move by payment link; the customer pays it on a phone and is moved', async ({
  page,
  request,
  staffPage,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = { Authorization: `JWT ${await staffToken(request)}` };

  const date = dayAhead(4);
  const cheap = await addStaffDeparture(request, admin, {
    date,
    time: '19:43',
    capacity: 12,
    key: 'paylink',
    tour: CHEAP_TOUR,
  });
  const dear = await addStaffDeparture(request, admin, { date, time: '20:43', capacity: 12, key: 'paylink' });
  const customer = `paylink-${stamp}@example.com`;
  const reference = await paidBooking(request, cheap.id, { email: customer, locale: 'ca', name: 'Núria' });
  const difference = 2 * (dear.adultCents - cheap.adultCents);

  // The office, on a 390 px phone, in English.
  await page.setViewportSize({ width: 390, height: 844 });
  await staffPage('office', { language: 'en' });
  await page.goto(`/admin/ops/bookings/${reference}`);
  const actions = page.getByTestId('booking-actions');
  await expect(actions.locator('.ops-departures, .ops-empty').first()).toBeAttached();
  await actions.locator('summary', { hasText: a.moveTitle }).click();
  const move = page.getByTestId('move-booking');
  await move.getByLabel(a.moveOtherTours).check();
  await move.locator(`input[type="radio"][value="${dear.id}"]`).check();
  await move.getByRole('button', { name: a.moveSubmit }).click();
  const collect = page.getByTestId('collect-dialog');
  await expect(collect.getByRole('heading')).toHaveText(
    a.collectTitle.replace('{amount}', formatEuros(difference, 'en')),
  );
  await collect.getByLabel(a.collectLink).check();
  await expect(collect.getByText(a.collectLinkHint)).toBeVisible();
  await page.screenshot({ path: `${shots}/move-link-collect-en-390.png` });
  await collect.getByRole('button', { name: a.collectSend }).click();
  await expect(page.getByTestId('action-outcome')).toContainText(
    a.movedLinkSent.split('{amount}')[0]! + formatEuros(difference, 'en'),
  );
  const pending = page.getByTestId('pending-move');
  await expect(pending).toContainText(a.pendingTitle);
  await expect(pending).toContainText('20:43');
  await expect(pending.getByRole('button', { name: a.withdraw })).toBeVisible();
  // Nothing moved yet: the booking is still on its own boat.
  await expect(page.getByTestId('booking-page')).toContainText('19:43');
  await page.screenshot({ path: `${shots}/move-link-pending-en-390.png`, fullPage: true });

  // The customer's e-mail, in Catalan, links to their booking page.
  const linkPattern = new RegExp(`https?://[^\\s"<]+/reserva/${reference}\\?firma=[\\w-]+`);
  await expect.poll(() => linkFromOutbox(customer, linkPattern), { timeout: 90_000 }).toBeDefined();
  const link = linkFromOutbox(customer, linkPattern)!.replace(/^https?:\/\/[^/]+/, '');

  const visitor = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(link);
  const offer = phone.getByTestId('pending-move');
  await expect(offer.getByRole('heading', { name: tickets.move.title })).toBeVisible();
  const amountCa = formatEuros(difference, 'ca');
  await expect(offer).toContainText(amountCa);
  await phone.screenshot({ path: `${shots}/move-link-customer-ca-390.png`, fullPage: true });
  await offer.getByRole('button', { name: tickets.move.pay.replace('{amount}', amountCa) }).click();
  await phone.waitForURL(/\/pago-de-prueba\/pagar/);
  await phone.getByLabel(shopCa.shop.sandbox.card).fill('4548810000000003');
  await phone.getByRole('button', { name: new RegExp(`^${shopCa.shop.sandbox.pay}`) }).click();

  // Back on the booking page: thanked, and (the notification arrived first) already moved.
  await phone.waitForURL(/canvi=ok/);
  await expect(phone.getByRole('status').filter({ hasText: tickets.move.done })).toBeVisible();
  await expect(phone.getByTestId('pending-move')).toHaveCount(0);
  await expect(phone.locator('dl').first()).toContainText('20:43');
  await phone.screenshot({ path: `${shots}/move-link-paid-ca-390.png`, fullPage: true });
  await visitor.close();

  // The office sees the booking moved and the card payment of the difference.
  await page.reload();
  await expect(page.getByTestId('booking-page')).toContainText('20:43');
  await expect(page.getByTestId('pending-move')).toHaveCount(0);
  const cardRows = page.getByTestId('money').getByRole('row').filter({ hasText: opsEn.ops.booking.methods.card });
  await expect(cardRows.filter({ hasText: formatEuros(difference, 'en') })).toHaveCount(1);
});

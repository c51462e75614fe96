import { createHmac } from 'node:crypto';

import { createTranslator } from 'next-intl';

import { dateText, madridOffsetMs, timeText } from '@/i18n/time';
import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { written } from '@/i18n/written';
import { env } from '@/lib/env';
import { admissionTexts } from '@/partners/admission-texts';

import type { WalletBooking } from './wallet-booking';

/**
 * What both wallets show of a booking, in the visitor's language: the tour, the Madrid date and
 * times, the passengers by fare, the boarding point, and the same QR payload as the group code on
 * the ticket PDF (the booking reference: one scan boards the whole group).
 */

/** The group QR of the ticket PDF holds the reference (tickets/delivery.ts `qrContent`). */
export const barcodeMessage = (booking: Pick<WalletBooking, 'reference'>): string => booking.reference;

/** One serial per booking for its whole life: moves and cancellations update the same pass. */
export const serialOf = (reference: string): string => reference;

/**
 * The secret a phone presents to our web service for one pass (`Authorization: ApplePass …`),
 * derived from the server secret so nothing is stored per pass; Apple wants at least 16 characters.
 */
export function authenticationTokenOf(serial: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(`wallet-pass:${serial}`).digest('base64url').slice(0, 32);
}

/** `2026-07-14T10:30:00+02:00`: the instant as Madrid's clock reads it, with Madrid's offset. */
export function madridIso(instant: Date): string {
  const offset = madridOffsetMs(instant.getTime());
  const wall = new Date(instant.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

export type PassTexts = {
  locale: Locale;
  tourLabel: string;
  dateLabel: string;
  departureLabel: string;
  boardingLabel: string;
  boardingPointLabel: string;
  passengersLabel: string;
  referenceLabel: string;
  tripLabel: string;
  bookingPageLabel: string;
  description: string;
  date: string;
  departure: string;
  boarding: string;
  passengers: string;
  trip: string;
  changed: string;
  relevant: string;
  instructions: string;
  voided: string;
  voidedText: string;
  /** Where the admission codes are (on the back), or '' for a boat trip only. */
  admissionsNote: string;
  /** A combined tour's admissions, one entry per partner and validity, its codes one a line. */
  admissions: { key: string; label: string; value: string }[];
};

/**
 * The back of the pass for a combined tour (decision 175): both wallets show one barcode, the
 * boat's, so each partner's admission codes are written out, with the days they are valid and
 * where and when the partner opens. Grouped by partner and days, so a party of ten with two
 * partners fills two fields (Google shows at most ten text modules on an object).
 */
async function admissionFields(booking: WalletBooking): Promise<Pick<PassTexts, 'admissionsNote' | 'admissions'>> {
  if (booking.admissions.length === 0) return { admissionsNote: '', admissions: [] };
  const texts = await admissionTexts(booking.locale);
  const groups = new Map<string, WalletBooking['admissions']>();
  for (const admission of booking.admissions) {
    const key = `${admission.partnerId} ${admission.validFrom} ${admission.validUntil}`;
    groups.set(key, [...(groups.get(key) ?? []), admission]);
  }
  return {
    admissionsNote: texts.walletNote,
    admissions: [...groups.values()].map((group, index) => {
      const first = group[0]!;
      return {
        key: `admissions${index + 1}`,
        label: texts.title(first),
        value: [
          texts.labelled(texts.validityLabel, texts.validity(first)),
          ...group.map((admission) => texts.labelled(texts.codeLabel, admission.code)),
          ...(first.address ? [texts.labelled(texts.addressLabel, first.address)] : []),
          ...(first.openingHours ? [texts.labelled(texts.hoursLabel, first.openingHours)] : []),
          ...(first.mapUrl ? [texts.labelled(texts.mapLabel, first.mapUrl)] : []),
        ].join('\n'),
      };
    }),
  };
}

export async function passTexts(booking: WalletBooking): Promise<PassTexts> {
  const t = written(
    booking.locale,
    createTranslator({ locale: booking.locale, messages: await loadMessages(booking.locale), namespace: 'tickets' }),
  );
  const boarding = timeText(booking.boardingAt, booking.locale);
  return {
    locale: booking.locale,
    tourLabel: t('tour'),
    dateLabel: t('date'),
    departureLabel: t('departure'),
    boardingLabel: t('boarding'),
    boardingPointLabel: t('boardingPoint'),
    passengersLabel: t('wallet.passengers'),
    referenceLabel: t('reference'),
    tripLabel: t('tripType'),
    bookingPageLabel: t('wallet.bookingPage'),
    description: t('wallet.description', { reference: booking.reference, tour: booking.tourTitle }),
    date: dateText(booking.startsAt, booking.locale),
    departure: timeText(booking.startsAt, booking.locale),
    boarding,
    passengers: booking.passengers
      .map(({ category, count }) => t('wallet.count', { count, category: t(`category.${category}`) }))
      .join(', '),
    trip: t(booking.tripType),
    changed: t('wallet.changed'),
    relevant: t('wallet.relevant', { point: booking.boardingPoint.name, boarding }),
    instructions: t('instructions'),
    voided: t('wallet.voided'),
    voidedText: t('wallet.voidedText'),
    ...(await admissionFields(booking)),
  };
}

export type ApplePassIdentity = {
  passTypeId: string;
  teamId: string;
  organizationName: string;
  webServiceUrl: string;
};

/** pass.json of an eventTicket pass (Apple's PassKit package format). */
export function applePassJson(
  booking: WalletBooking,
  texts: PassTexts,
  identity: ApplePassIdentity,
  bookingUrl: string,
): Record<string, unknown> {
  const serialNumber = serialOf(booking.reference);
  const { latitude, longitude } = booking.boardingPoint;
  const field = (key: string, label: string, value: string, extra: object = {}) => ({ key, label, value, ...extra });
  return {
    formatVersion: 1,
    passTypeIdentifier: identity.passTypeId,
    teamIdentifier: identity.teamId,
    serialNumber,
    authenticationToken: authenticationTokenOf(serialNumber),
    webServiceURL: identity.webServiceUrl,
    organizationName: identity.organizationName,
    description: texts.description,
    logoText: identity.organizationName,
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 191, 71)',
    backgroundColor: 'rgb(7, 59, 79)',
    // The lock screen offers the pass around the departure and near the boarding point.
    relevantDate: madridIso(booking.startsAt),
    expirationDate: madridIso(new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000)),
    ...(latitude !== null && longitude !== null
      ? { locations: [{ latitude, longitude, relevantText: texts.relevant }] }
      : {}),
    ...(booking.live ? {} : { voided: true }),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: barcodeMessage(booking),
        messageEncoding: 'iso-8859-1',
        altText: booking.reference,
      },
    ],
    eventTicket: {
      headerFields: [
        field('departure', texts.departureLabel, booking.live ? texts.departure : texts.voided, {
          changeMessage: texts.changed,
        }),
      ],
      primaryFields: [field('tour', texts.tourLabel, booking.tourTitle)],
      secondaryFields: [
        field('date', texts.dateLabel, texts.date, { changeMessage: texts.changed }),
        field('boarding', texts.boardingLabel, texts.boarding, { changeMessage: texts.changed }),
      ],
      auxiliaryFields: [
        field('passengers', texts.passengersLabel, texts.passengers),
        field('boardingPoint', texts.boardingPointLabel, booking.boardingPoint.name),
      ],
      backFields: [
        ...(booking.live ? [] : [field('status', texts.voided, texts.voidedText)]),
        field('reference', texts.referenceLabel, booking.reference),
        field('address', texts.boardingPointLabel, `${booking.boardingPoint.name}\n${booking.boardingPoint.address}`),
        field('trip', texts.tripLabel, texts.trip),
        field('instructions', '', texts.instructions),
        ...(texts.admissions.length > 0 ? [field('admissionsNote', '', texts.admissionsNote)] : []),
        ...texts.admissions.map((admission) => field(admission.key, admission.label, admission.value)),
        field('bookingPage', texts.bookingPageLabel, bookingUrl, {
          attributedValue: `<a href="${bookingUrl}">${texts.bookingPageLabel}</a>`,
        }),
      ],
    },
  };
}

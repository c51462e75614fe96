import { createTranslator } from 'next-intl';

import { localeInfo, type Locale } from '../i18n/locales';
import { loadMessages } from '../i18n/messages';
import type { LocalDate } from '../i18n/time';
import { labelled, written } from '../i18n/written';

import type { AdmissionStatus, VisitorAdmission } from './admissions-repository';

/**
 * A combined tour's admissions in the visitor's words (decision 175): the one place the ticket
 * PDF, the ticket e-mail, the wallet pass and the booking page take them from, so the four say
 * the same thing in Catalan, Spanish, English and French.
 */
export type AdmissionTexts = {
  locale: Locale;
  /** "Entrades incloses (una per persona; ensenya el codi a l'entrada)": the e-mail's heading. */
  heading: string;
  /** "Entrades incloses": the booking page's heading. */
  pageHeading: string;
  codeLabel: string;
  addressLabel: string;
  hoursLabel: string;
  validityLabel: string;
  mapLabel: string;
  statusLabel: string;
  /** The wallet pass's word on where the admission codes are. */
  walletNote: string;
  /** "Entrada inclosa: Aquàrium". */
  title: (admission: Pick<VisitorAdmission, 'partner'>) => string;
  /** "Amb el bitllet 1 de 2 (Adult)": `category` already in the visitor's words. */
  ofTicket: (index: number, count: number, category: string) => string;
  /** "el 14 de juliol de 2027" or "del 14 de juliol de 2027 al 16 d'agost de 2027" (Madrid days). */
  validity: (admission: Pick<VisitorAdmission, 'validFrom' | 'validUntil'>) => string;
  status: (status: AdmissionStatus) => string;
  /** "Aquàrium · codi X · vàlida el 14 de juliol de 2027": one e-mail line. */
  line: (admission: Pick<VisitorAdmission, 'partner' | 'code' | 'validFrom' | 'validUntil'>) => string;
  /** "Moll d'Espanya s/n · Cada dia de 10 a 19 h". */
  where: (admission: Pick<VisitorAdmission, 'address' | 'openingHours'>) => string;
  qrAlt: (admission: Pick<VisitorAdmission, 'partner'>, index: number, count: number) => string;
  show: (admission: Pick<VisitorAdmission, 'partner'>) => string;
  /** "Label: value" as the language writes it. */
  labelled: (label: string, value: string) => string;
};

/** A Madrid calendar day written out: "14 de juliol de 2027" (a local date has no time zone to shift). */
function dayText(locale: Locale, day: LocalDate): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

export async function admissionTexts(locale: Locale): Promise<AdmissionTexts> {
  const messages = await loadMessages(locale);
  // next-intl's translator is typed by the message keys; these are the tickets namespace's own.
  const t = written(locale, createTranslator({ locale, messages, namespace: 'tickets' })) as unknown as ((
    key: string,
    values?: Record<string, string | number>,
  ) => string) & { raw: (key: string) => unknown };
  const validity = (admission: Pick<VisitorAdmission, 'validFrom' | 'validUntil'>) =>
    admission.validFrom === admission.validUntil
      ? t('admissions.sameDay', { from: dayText(locale, admission.validFrom) })
      : t('admissions.range', {
          from: dayText(locale, admission.validFrom),
          until: dayText(locale, admission.validUntil),
        });
  return {
    locale,
    heading: t('admissions.heading'),
    pageHeading: t('admissions.pageHeading'),
    codeLabel: t('code'),
    addressLabel: t('admissions.address'),
    hoursLabel: t('admissions.hours'),
    validityLabel: t('admissions.validity'),
    mapLabel: t('admissions.map'),
    statusLabel: t('admissions.statusLabel'),
    walletNote: t('admissions.walletNote'),
    title: (admission) => t('admissions.title', { partner: admission.partner }),
    ofTicket: (index, count, category) => t('admissions.ofTicket', { index, count, category }),
    validity,
    status: (status) => t(`admissions.status.${status}`),
    line: (admission) =>
      t('admissions.line', { partner: admission.partner, code: admission.code, validity: validity(admission) }),
    where: (admission) => t('admissions.where', { address: admission.address, hours: admission.openingHours }),
    qrAlt: (admission, index, count) => t('admissions.qrAlt', { partner: admission.partner, index, count }),
    show: (admission) => t('admissions.show', { partner: admission.partner }),
    labelled: (label, value) => labelled(locale, label, value),
  };
}

import type en from '@/i18n/messages/boarding/en.json';

import type { StaffTranslate } from '../staff-app/staff-text';

/** The boarding page's words (namespace `boarding`), all the page sends the phone of the catalogue. */
export type BoardingMessages = Pick<typeof en, 'boarding'>;
/** The boarding page's words and the clock and calendar it shows times in. */
export type Translate = StaffTranslate<BoardingMessages['boarding']>;
export type Formats = {
  /** Madrid's 24-hour clock (src/i18n/clock.ts). */
  time: Intl.DateTimeFormat;
  /** A departure's calendar date. */
  day: Intl.DateTimeFormat;
  /** The Madrid day an instant falls on (when the list was fetched). */
  fetched: Intl.DateTimeFormat;
};

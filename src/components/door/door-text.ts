import type en from '@/i18n/messages/boarding/en.json';

import type { StaffTranslate } from '../staff-app/staff-text';

/** The door's words (namespace `door`, and the app's link back), all the page sends the phone of the catalogue. */
export type DoorMessages = Pick<typeof en, 'door' | 'staffApp'>;
export type DoorTranslate = StaffTranslate<DoorMessages['door']>;

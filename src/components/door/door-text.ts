import type { createTranslator } from 'next-intl';

import type en from '@/i18n/messages/boarding/en.json';

/** The door's words (namespace `door`, and the app's link back), all the page sends the phone of the catalogue. */
export type DoorMessages = Pick<typeof en, 'door' | 'staffApp'>;
export type DoorTranslate = ReturnType<typeof createTranslator<DoorMessages, 'door'>>;

import type { createTranslator } from 'next-intl';

import type en from '@/i18n/messages/boarding/en.json';

/** The boarding page's words (namespace `boarding`) and the clock and calendar it shows times in. */
export type Translate = ReturnType<typeof createTranslator<typeof en, 'boarding'>>;
export type Formats = { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat };

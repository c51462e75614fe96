import { getRequestConfig } from 'next-intl/server';

import { OPERATOR_TIME_ZONE } from '@/lib/operator';

import { defaultLocale, isLocale } from './locales';
import { loadMessages } from './messages';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return { locale, messages: await loadMessages(locale), timeZone: OPERATOR_TIME_ZONE };
});

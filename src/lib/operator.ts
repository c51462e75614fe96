/**
 * The operator's fixed settings, named once: where its boats sail and what it charges in. Plain
 * constants, safe in client components. Its languages are `locales` in src/i18n/locales.ts (the
 * router, the CMS and the e-mails read that list); its name is `SITE_BRAND` (src/lib/env.ts).
 */

/**
 * Barcelona's clock: departures, days, opening hours and every date a visitor or the staff read
 * (docs/domain-rules.md#madrid-time). A server or laptop in another zone must not move them.
 */
export const OPERATOR_TIME_ZONE = 'Europe/Madrid';

/** Every price, payment and invoice is in euros (docs/domain-rules.md#money). */
export const OPERATOR_CURRENCY = 'EUR';
export type OperatorCurrency = typeof OPERATOR_CURRENCY;

/**
 * Madrid's calendar moved to src/i18n/time.ts, below forms and booking alike (form rules check
 * dates too); the sale's modules keep importing it from here.
 */
export * from '@/i18n/time';

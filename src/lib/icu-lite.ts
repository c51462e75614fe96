import type { Locale } from '@/i18n/locales';

/**
 * The two ICU features our client components need — `{name}` placeholders and
 * `{count, plural, one {…} other {…}}` — without shipping an ICU runtime to the browser.
 * Plural categories follow CLDR, so French "0 place" is singular as it should be.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function plural(template: string, count: number, locale: Locale): string {
  const match = /^\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}$/.exec(
    template.trim(),
  );
  if (!match) return fill(template, { count });
  const branches = new Map(
    [...match[2]!.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]),
  );
  const chosen =
    branches.get(`=${count}`) ?? branches.get(pluralCategory(count, locale)) ?? branches.get('other') ?? '';
  return chosen.replace(/#/g, String(count));
}

/**
 * CLDR's cardinal plural category of a count in our four languages. Written out rather than asked
 * of Intl.PluralRules: the first Intl object a page makes loads the browser's ICU data, ~20 ms of
 * main thread on this machine and more on a phone, inside the home page's hydration (issue 31).
 * The rules for whole numbers (icu-lite.test.ts checks them against Intl on every count below
 * 10,000, a sample up to 2,000,000 and every million up to 50 million): `one` for 1 (French: 0 and 1), `many` for a non-zero multiple
 * of a million in Catalan, Spanish and French, `other` otherwise. Anything but a whole number is
 * left to Intl.
 */
export function pluralCategory(count: number, locale: Locale): Intl.LDMLPluralRule {
  if (!Number.isSafeInteger(count)) return new Intl.PluralRules(locale).select(count);
  const whole = Math.abs(count);
  if (whole === 1 || (locale === 'fr' && whole === 0)) return 'one';
  if (locale !== 'en' && whole !== 0 && whole % 1_000_000 === 0) return 'many';
  return 'other';
}

import type { Locale } from '@/i18n/locales';

/**
 * The two ICU features our client components need — `{name}` placeholders and
 * `{count, plural, one {…} other {…}}` — without shipping an ICU runtime to the browser.
 * Plural categories come from Intl.PluralRules, so French "0 place" is singular as it should be.
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
    branches.get(`=${count}`) ??
    branches.get(new Intl.PluralRules(locale).select(count)) ??
    branches.get('other') ??
    '';
  return chosen.replace(/#/g, String(count));
}

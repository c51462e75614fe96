import type { Locale } from '@/i18n/locales';
import { fillWritten } from '@/i18n/written';
import { plural } from '@/lib/icu-lite';

/**
 * The staff app's words on the phone without an ICU runtime (decision 182): the catalogue's
 * `{name}` placeholders and `{count, plural, …}` forms, alone or inside a sentence, by
 * src/lib/icu-lite.ts. next-intl's translator brought the ICU parser and formatter (~12 KB of
 * compressed script) to a page on a 150 KB budget; staff-text.test.ts holds every message of the
 * app to the same output as next-intl's.
 */

/** The dotted keys of a catalogue's messages: `title`, `result.boarded`, … */
export type MessageKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessageKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type StaffTranslate<T> = (key: MessageKey<T>, values?: Record<string, string | number>) => string;

const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;

/**
 * A message with its plural forms chosen and its placeholders filled, in `locale`, written by the
 * rules (src/i18n/written.ts): "Entrades de {partner}" is "Entrades d'Aquàrium de Barcelona".
 */
export function formatMessage(template: string, values: Record<string, string | number>, locale: Locale): string {
  const counted = template.replace(PLURAL, (whole, name: string) => plural(whole, Number(values[name]), locale));
  return fillWritten(locale, counted, values);
}

/** `t(key, values)` over one namespace of the catalogue (the key itself when it names no message). */
export function staffTranslator<T extends object>(locale: Locale, messages: T): StaffTranslate<T> {
  return (key, values = {}) => {
    let node: unknown = messages;
    for (const part of (key as string).split('.'))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? formatMessage(node, values, locale) : key;
  };
}

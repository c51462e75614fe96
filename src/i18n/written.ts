import { fill } from '../lib/icu-lite';

import { isElidingWord, withArticle } from './catalan';
import type { Locale } from './locales';

/**
 * Every text we write goes through here on its way out of a message catalogue
 * (docs/decisions/172-written-language-rules.md): the catalogue's own words follow the rules
 * already (src/i18n/written-language.test.ts reads every message), and what only the inserted
 * values decide is settled here — in Catalan, "el {date}" with the 1st is "l'1 de desembre",
 * "del {date}" "de l'11 d'abril", "de {amount}" "d'11,00 €".
 *
 * Values are bracketed with two private-use characters while the message is formatted, so only
 * the word right before an inserted value is ever touched: a mistake in a message's own text is
 * left for the test to catch, not hidden. Values a message chooses by (`select`, `plural`) and
 * those it formats itself (`number`, `date`) are passed as they are.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const BRACKETED = new RegExp(`[${OPEN}${CLOSE}]`, 'g');
const WORD_BEFORE_VALUE = new RegExp(`(^|[^\\p{L}'’])(\\p{L}+) ${OPEN}([^${CLOSE}]*)${CLOSE}`, 'gu');

/** The arguments a message chooses by or formats itself: `{by, select, …}`, `{count, plural, …}`. */
function formattedArguments(template: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof template !== 'string') return names;
  for (const match of template.matchAll(/\{\s*(\w+)\s*,\s*(?:select|plural|selectordinal|number|date|time)\b/g)) {
    names.add(match[1]!);
  }
  return names;
}

function bracket<V>(values: V, keep: Set<string>): V {
  if (!values || typeof values !== 'object') return values;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    out[name] =
      !keep.has(name) && (typeof value === 'string' || typeof value === 'number')
        ? `${OPEN}${String(value)}${CLOSE}`
        : value;
  }
  return out as V;
}

/**
 * French "de" before a value that starts with a vowel: "Relevé de {partner}" with the Aquarium is
 * "Relevé d’Aquàrium de Barcelona", "Entrées de {partner}" "Entrées d’Aquàrium…". Only a vowel: an h
 * may be aspirated ("de Hambourg"), which a value cannot tell.
 */
function frenchDe(before: string, word: string, value: string, whole: string): string {
  if (word.toLowerCase() !== 'de' || !/^[aeiouy]/i.test(value.normalize('NFD'))) return whole;
  return `${before}${word[0]}’${OPEN}${value}${CLOSE}`;
}

/** The text with the inserted values settled: Catalan and French elision before them, then the brackets gone. */
export function settleValues(locale: Locale, text: string): string {
  const settled =
    locale === 'ca'
      ? text.replace(WORD_BEFORE_VALUE, (whole, before: string, word: string, value: string) =>
          isElidingWord(word) ? `${before}${withArticle(word, value)}` : whole,
        )
      : locale === 'fr'
        ? text.replace(WORD_BEFORE_VALUE, (whole, before: string, word: string, value: string) =>
            frenchDe(before, word, value, whole),
          )
        : text;
  return settled.replace(BRACKETED, '');
}

type Format = (key: never, values?: never) => string;
type Translate = Format & { raw: (key: never) => unknown; markup: Format };

/**
 * A next-intl translator whose texts are written by the rules: same keys, same values, same
 * `raw`, `rich` and `has`; `t(key, values)` and `t.markup(key, values)` return the settled text.
 */
export function written<T extends Translate>(locale: Locale, t: T): T {
  const settled =
    (format: Format): Format =>
    (key, values) => {
      if (values === undefined) return format(key);
      let template: unknown;
      try {
        template = t.raw(key);
      } catch {
        template = undefined;
      }
      return settleValues(locale, format(key, bracket(values, formattedArguments(template))));
    };
  return Object.assign(settled(t), t, { markup: settled(t.markup) }) as T;
}

/**
 * "Label: value" as the language writes it: French puts a narrow no-break space before the colon
 * ("Code : T-AAAA1111"), the others nothing.
 */
export function labelled(locale: Locale, label: string, value: string): string {
  return `${label}${locale === 'fr' ? '\u202f' : ''}: ${value}`;
}

/** `fill` (src/lib/icu-lite.ts) for a text written by the rules: what a PDF or a plain-text template puts together. */
export function fillWritten(locale: Locale, template: string, values: Record<string, string | number>): string {
  return settleValues(locale, fill(template, bracket(values, new Set())));
}

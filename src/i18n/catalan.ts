/**
 * Catalan elision (docs/decisions/172-written-language-rules.md): the article "el" and the
 * preposition "de" drop their vowel before a word that starts with a vowel sound — "l'1 de
 * desembre", "de l'11 d'abril", "d'octubre", "d'11,00 €" — and so do their contractions: "del",
 * "al" and "pel" open up to "de l'", "a l'" and "per l'". A sentence cannot know this when the
 * word is a value put into it (a date, an amount, a month, a name), so the text that inserts the
 * value asks here (src/i18n/written.ts does it for every message).
 */

/** The words that elide; a capital first letter (the start of a sentence) is kept. */
const elided: Record<string, string> = {
  el: "l'",
  de: "d'",
  del: "de l'",
  al: "a l'",
  pel: "per l'",
};

const ELIDING_WORD = /^(?:el|de|del|al|pel)$/i;

/** Whether a Catalan word elides before a vowel sound. */
export function isElidingWord(word: string): boolean {
  return ELIDING_WORD.test(word);
}

/**
 * Whether a phrase starts with a vowel sound in Catalan: a vowel or an h before one ("hora",
 * "Horta"), and the numbers said with a vowel — 1 ("u", "un") and 11 ("onze") and anything read
 * from them (1,50 €; 11 de maig; 11.000). "i" and "u" before another vowel are consonants ("de
 * iogurt", "de hiena", "el Uruguai"), so the elision does not happen there. Other numbers (8 is
 * "vuit") start with a consonant.
 */
export function startsWithVowelSound(phrase: string): boolean {
  const text = phrase.trimStart();
  // "11" and "11.000" ("onze mil") are vowels; "1" too, but not "1.000" ("mil"), nor 100 ("cent").
  if (/^11(?!\d)/.test(text) || /^1(?:$|[^\d.\s\u00a0\u202f]|[.\s\u00a0\u202f](?!\d{3}))/.test(text)) return true;
  const word = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const start = word.startsWith('h') ? word.slice(1) : word;
  if (!/^[aeiou]/.test(start)) return false;
  if (/^[iu][aeiou]/.test(start)) return false;
  return true;
}

/**
 * A Catalan article or preposition followed by a phrase, elided when the phrase starts with a
 * vowel sound: withArticle('el', '1 de desembre') is "l'1 de desembre", withArticle('Del',
 * '1 de novembre') "De l'1 de novembre", withArticle('de', 'octubre') "d'octubre", and
 * withArticle('el', '3 de juliol') stays "el 3 de juliol".
 */
export function withArticle(word: string, phrase: string): string {
  const lower = word.toLowerCase();
  const short = elided[lower];
  if (!short || !startsWithVowelSound(phrase)) return `${word} ${phrase}`;
  const capital = word[0] !== word[0]!.toLowerCase();
  return `${capital ? short[0]!.toUpperCase() + short.slice(1) : short}${phrase.trimStart()}`;
}

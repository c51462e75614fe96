/**
 * Accent folding for the office's booking search: "lopez" must find "López", "nuria" "Núria",
 * "parallel" "Paral·lel". The same folding runs in two places that must agree letter for letter:
 * in the database, as the generated column `bookings.search_text` (so it is kept on every write,
 * whoever writes: the shop's raw SQL, Payload's admin, an anonymisation), and here, on what the
 * office types. One table of letters feeds both.
 *
 * Only explicit pairs, not Unicode decomposition: SQL has no NFD on SQLite, and the two sides
 * would drift on any letter one of them decomposes differently. The table covers the Latin
 * letters of the languages our visitors write their names in; other scripts are matched as typed
 * (lower-cased).
 *
 * The migration `20261127_060000_search_fold` builds the column from `foldSqlPostgres` and
 * `foldSqliteSteps`; a change to this
 * table needs a new migration that recreates the column (and the integration test
 * `booking-search-fold` checks the database and this module still agree).
 */

/** Single letters and what they fold to ('' removes: the Catalan middle dot, combining accents). */
const LETTERS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćč',
  d: 'ďđ',
  e: 'èéêëēėęě',
  g: 'ğ',
  i: 'ìíîïīı',
  l: 'łľŀ',
  n: 'ñńň',
  o: 'òóôõöøōő',
  r: 'ř',
  s: 'śšş',
  t: 'ť',
  u: 'ùúûüūůű',
  y: 'ýÿ',
  z: 'źżž',
  // U+00B7 (l·l), U+2027 (hyphenation point people type instead), combining grave … caron, cedilla.
  '': '\u00b7\u2027\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030a\u030b\u030c\u0327\u0328',
};
/** Letters that fold to two. */
const LIGATURES: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss' };

const FOLD = new Map<string, string>();
for (const [to, from] of Object.entries(LETTERS)) for (const letter of from) FOLD.set(letter, to);
for (const [from, to] of Object.entries(LIGATURES)) FOLD.set(from, to);

/** Lower-cased, accents and the middle dot removed: what `bookings.search_text` holds. */
export function foldForSearch(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').toLowerCase()) out += FOLD.get(char) ?? char;
  return out;
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * PostgreSQL's expression folding `expr` exactly as `foldForSearch` does: its lower() knows
 * Unicode, so one translate() and three replace() follow it.
 */
export function foldSqlPostgres(expr: string): string {
  const single = [...FOLD].filter(([, to]) => to.length <= 1);
  // translate() drops letters of `from` with no counterpart in `to`: the removals go last.
  const kept = single.filter(([, to]) => to !== '');
  const dropped = single.filter(([, to]) => to === '');
  let sql = `translate(lower(${expr}), ${quote([...kept, ...dropped].map(([l]) => l).join(''))}, ${quote(kept.map(([, to]) => to).join(''))})`;
  for (const [from, to] of Object.entries(LIGATURES)) sql = `replace(${sql}, ${quote(from)}, ${quote(to)})`;
  return sql;
}

/** SQLite's parser refuses expressions nested much deeper than 30 calls. */
const SQLITE_STEP = 25;

/**
 * SQLite's folding of `expr` as a few expressions to apply in turn, each to `column` holding the
 * previous one's result: its lower() folds ASCII only, so each accented letter, in both cases, is
 * replaced on its own, and a single expression nesting 150 replace() overflows the parser.
 */
export function foldSqliteSteps(expr: string, column: string): string[] {
  const pairs: [string, string][] = [];
  for (const [letter, to] of FOLD) {
    const upper = letter.toUpperCase();
    // lower() left the upper case: both fold to the same.
    if (upper !== letter && upper.length === 1 && upper.toLowerCase() === letter) pairs.push([upper, to]);
    pairs.push([letter, to]);
  }
  const steps: string[] = [];
  for (let start = 0; start < pairs.length; start += SQLITE_STEP) {
    let sql = start === 0 ? `lower(${expr})` : column;
    for (const [from, to] of pairs.slice(start, start + SQLITE_STEP)) {
      sql = `replace(${sql}, ${quote(from)}, ${quote(to)})`;
    }
    steps.push(sql);
  }
  return steps;
}

/**
 * One search text per booking, before folding: reference, names, e-mail, both phones without
 * spaces (so "600 12" and "60012" both find "+34 600 123 456").
 */
export function bookingSearchSource(row = ''): string {
  const c = (column: string) => (row ? `${row}.${column}` : `"${column}"`);
  return `${c('reference')} || ' ' || ${c('customer_name')} || ' ' || ${c('customer_surnames')} || ' ' || ${c('customer_email')} || ' ' || replace(${c('customer_phone')}, ' ', '') || ' ' || replace(${c('customer_mobile_phone')}, ' ', '')`;
}

// V8 keeps the source of every module the server loads, for as long as it runs (to compile a
// function on its first call). A source string with a single character beyond Latin-1 (’, €,
// Cyrillic in a date library's locale, an emoji in a log line) is stored with two bytes for every
// character; one without takes one byte each. Turbopack's minifier writes such characters as they
// are, so 358 of the server's files (17 M characters, the two 2.4 MB chunks with Payload among
// them) took twice the memory they needed: ~30 MB of each instance's heap under the soak's load
// (issue 42, docs/decisions/188-server-sources-in-one-byte.md).
//
// After the compile, each server file that holds such a character is printed again by esbuild
// with `charset: 'ascii'`: the same program, its non-ASCII characters as escapes ("\u2019").
// Regular expression literals and tagged templates' raw text cannot be escaped that way; a file
// where one remains (110 small date-fns locales) is left as it was. Plain JS: next.config.ts runs
// it after the compile, outside the bundler.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { transformSync } from 'esbuild';

/** Whether V8 would store `text` with two bytes a character. */
export function needsTwoBytes(text) {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return true;
  return false;
}

/**
 * `source` with every non-ASCII character escaped, or null when that cannot make it one-byte (a
 * regular expression or a tagged template keeps one). Comments other than licences are dropped,
 * whitespace stays minimal; names, syntax and behaviour are esbuild's faithful reprint.
 */
export function latin1Source(source) {
  const { code } = transformSync(source, {
    loader: 'js',
    charset: 'ascii',
    minifyWhitespace: true,
    legalComments: 'inline',
    // Print what is there: no lowering of newer syntax, no renaming, no format change.
    target: 'esnext',
  });
  return needsTwoBytes(code) ? null : code;
}

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* jsFiles(file);
    else if (name.endsWith('.js')) yield file;
  }
}

/**
 * Rewrites every server file of the build whose source V8 would keep as two-byte. Returns how many
 * were rewritten, how many had to stay, and the characters each group holds.
 */
export function serverSourcesInLatin1(distDir) {
  const stats = { rewritten: 0, rewrittenChars: 0, kept: 0, keptChars: 0 };
  for (const file of jsFiles(path.join(distDir, 'server'))) {
    const source = readFileSync(file, 'utf8');
    if (!needsTwoBytes(source)) continue;
    const latin1 = latin1Source(source);
    if (latin1 === null) {
      stats.kept += 1;
      stats.keptChars += source.length;
      continue;
    }
    writeFileSync(file, latin1);
    stats.rewritten += 1;
    stats.rewrittenChars += latin1.length;
  }
  return stats;
}

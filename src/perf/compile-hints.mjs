// V8's explicit compile hint (Chromium 136+; other engines read a comment): a script that starts
// with it has all its functions compiled while it downloads, on a background thread, instead of
// each module's code on the main thread the first time the page calls it. Turbopack wraps every
// module in a function the runtime calls at start-up, so without the hint a first visit compiled
// React, the router and our components in one ~135 ms main-thread task (4× CPU), the page's
// Total Blocking Time (docs/decisions/119-compile-hints.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Smaller files have too little code to be worth the comment's bytes. */
const MIN_HINTED_BYTES = 2048;

function* pageManifests(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* pageManifests(file);
    else if (name === 'page_client-reference-manifest.js') yield file;
  }
}

/** The manifest files assign to globalThis.__RSC_MANIFEST; read them without running them in ours. */
function entryFilesOf(manifestFile) {
  const context = {};
  vm.runInNewContext(readFileSync(manifestFile, 'utf8'), context);
  return Object.values(context.__RSC_MANIFEST ?? {}).flatMap((entry) => Object.values(entry.entryJSFiles ?? {}).flat());
}

/**
 * The scripts a public page loads before it is interactive: the framework's (the build manifest's
 * root files) and the client components of the site's layouts and pages. Not the back office's:
 * its bundle is large, and compiling all of it eagerly would hold its scripts back.
 */
export function publicFirstLoadScripts(distDir) {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const files = new Set(buildManifest.rootMainFiles ?? []);
  for (const manifest of pageManifests(path.join(distDir, 'server', 'app', '(site)'))) {
    for (const file of entryFilesOf(manifest)) files.add(file);
  }
  return [...files].filter((file) => file.endsWith('.js')).sort();
}

/** Adds the hint to those scripts (once: running it again changes nothing). Returns the files hinted. */
export function addCompileHints(distDir) {
  const hinted = [];
  for (const file of publicFirstLoadScripts(distDir)) {
    const absolute = path.join(distDir, file);
    const source = readFileSync(absolute, 'utf8');
    if (source.startsWith(COMPILE_HINT) || Buffer.byteLength(source) < MIN_HINTED_BYTES) continue;
    writeFileSync(absolute, COMPILE_HINT + source);
    hinted.push(file);
  }
  return hinted;
}

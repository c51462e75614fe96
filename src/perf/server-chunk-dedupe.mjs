// Turbopack writes the same server chunk under several names when routes reach it along different
// paths: the copies differ only in their source-map comment (vercel/next.js#90710, #94961). The
// server loads every route at start, and Node keeps each loaded file's source in its heap: eleven
// copies of the 2.4 MB chunk holding Payload and its database adapter were ~45 MB of the server's
// memory (docs/decisions/158-one-copy-of-each-server-chunk.md). Every further copy becomes a
// one-line re-export of the first, which Node's module cache then loads once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;
/** What Turbopack's server chunks are: an array of module ids and factories, read by its runtime. */
const CHUNK_START = 'module.exports=[';

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* jsFiles(file);
    else if (name.endsWith('.js')) yield file;
  }
}

/** The chunk's code without its source-map comment: equal for copies of one chunk. */
function contentKey(source) {
  return createHash('sha256').update(source.replace(SOURCE_MAP_COMMENT, '')).digest('hex');
}

/**
 * Replaces each server chunk that repeats an earlier one (in path order) with a re-export of it.
 * Returns how many files were replaced and the bytes they held.
 */
export function dedupeServerChunks(distDir) {
  const chunksDir = path.join(distDir, 'server', 'chunks');
  const firstWithContent = new Map();
  let files = 0;
  let bytes = 0;
  for (const file of [...jsFiles(chunksDir)].sort()) {
    const source = readFileSync(file, 'utf8');
    if (!source.startsWith(CHUNK_START)) continue;
    const key = contentKey(source);
    const first = firstWithContent.get(key);
    if (first === undefined) {
      firstWithContent.set(key, file);
      continue;
    }
    const relative = path.relative(path.dirname(file), first).split(path.sep).join('/');
    writeFileSync(
      file,
      `module.exports=require(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)});\n`,
    );
    files += 1;
    bytes += Buffer.byteLength(source);
  }
  return { files, bytes };
}

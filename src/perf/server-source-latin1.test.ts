import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { latin1Source, needsTwoBytes, serverSourcesInLatin1 } from './server-source-latin1.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A Turbopack server chunk whose texts carry characters beyond Latin-1, as the minifier writes them. */
const chunk = [
  'module.exports=[7,(a)=>{"use strict";const t={title:"L’Aquàrium · 12,00 €",ru:"Пн",smile:"🙂",',
  'tpl:`Reserva «${1+1}» — d’ara`,key:{"clé’":1}};a.v(t)}];',
  '',
  '//# sourceMappingURL=_a._.js.map',
].join('\n');

describe('server sources V8 keeps in one byte a character', () => {
  it('escapes every character beyond Latin-1 and keeps what the module gives', () => {
    expect(needsTwoBytes(chunk)).toBe(true);
    const latin1 = latin1Source(chunk)!;
    expect(needsTwoBytes(latin1)).toBe(false);
    expect(latin1).toMatch(/^module\.exports=\[7,/);
    const run = (source: string) => {
      const loaded = { exports: [] as unknown[] };
      new Function('module', source)(loaded);
      let value: unknown;
      (loaded.exports[1] as (api: { v: (v: unknown) => void }) => void)({ v: (v) => (value = v) });
      return value;
    };
    expect(run(latin1)).toEqual(run(chunk));
    expect(run(latin1)).toMatchObject({ title: 'L’Aquàrium · 12,00 €', tpl: 'Reserva «2» — d’ara' });
  });

  it('leaves a file alone when a regular expression or a tagged template would keep it two-byte', () => {
    expect(latin1Source('module.exports=[1,a=>{a.v(/[‘’]/g.test("’"))}];')).toBeNull();
    expect(latin1Source('module.exports=[1,a=>{a.v(String.raw`’`)}];')).toBeNull();
  });

  it('rewrites the build’s server files that need it, and only those', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'server-latin1-'));
    dirs.push(dist);
    const files = {
      'chunks/_a._.js': chunk,
      'chunks/ssr/_plain._.js': 'module.exports=[2,a=>{a.v("café à 10 EUR, ½ prix")}];',
      'chunks/_regex._.js': 'module.exports=[3,a=>{a.v(/’/.source)}];',
      'app/page.js': 'module.exports=require("../chunks/_a._.js");',
    };
    for (const [name, source] of Object.entries(files)) {
      const file = path.join(dist, 'server', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, source);
    }
    const read = (name: string) => readFileSync(path.join(dist, 'server', name), 'utf8');
    expect(serverSourcesInLatin1(dist)).toMatchObject({ rewritten: 1, kept: 1 });
    expect(needsTwoBytes(read('chunks/_a._.js'))).toBe(false);
    // Latin-1 already (é is one byte to V8), or unescapable: as they were.
    expect(read('chunks/ssr/_plain._.js')).toBe(files['chunks/ssr/_plain._.js']);
    expect(read('chunks/_regex._.js')).toBe(files['chunks/_regex._.js']);
    // The rewritten chunk still loads through Node's require, as the server loads it.
    const loaded = createRequire(import.meta.url)(path.join(dist, 'server', 'app', 'page.js')) as unknown[];
    expect(loaded[0]).toBe(7);
    // A second run finds nothing left to do.
    expect(serverSourcesInLatin1(dist)).toMatchObject({ rewritten: 0, kept: 1 });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'images');

describe('the demo’s drawings', () => {
  // A browser draws an SVG image's <text> by looking for its font inside the image's own document,
  // on the page's main thread: the hero's one word ("LOLITA" on the hull) cost 33 ms of the home
  // page's load on this machine (issue 31). Lettering is drawn as outlines instead.
  it('carry their lettering as outlines, not as text a browser must find a font for', () => {
    const drawings = readdirSync(folder).filter((file) => file.endsWith('.svg'));
    expect(drawings.length).toBeGreaterThan(5);
    const withText = drawings.filter((file) => /<text[\s>]/.test(readFileSync(path.join(folder, file), 'utf8')));
    expect(withText).toEqual([]);
  });
});

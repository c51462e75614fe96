import { brotliDecompressSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { acceptsBrotli, createPageCompression } from './page-compression.mjs';

const page = (text: string) => Buffer.from(`<!DOCTYPE html><html><body>${text.repeat(200)}</body></html>`);

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['BR;q=0.5, gzip', true],
    ['gzip, deflate', false],
    ['br;q=0, gzip', false],
    ['brotli', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsBrotli({ headers: { 'accept-encoding': header } })).toBe(expected);
  });
  it('is false without the header', () => expect(acceptsBrotli({ headers: {} })).toBe(false));
});

describe('createPageCompression', () => {
  it('compresses a page once per version, and the bytes decompress to the page', async () => {
    const pages = createPageCompression();
    const home = page('Golondrinas ');
    expect(pages.ready(home)).toBeNull();
    const [first, second] = await Promise.all([pages.brotli(home), pages.brotli(Buffer.from(home))]);
    expect(second).toBe(first);
    expect(brotliDecompressSync(first).equals(home)).toBe(true);
    expect(first.length).toBeLessThan(home.length / 10);
    expect(pages.ready(Buffer.from(home))).toBe(first);
    expect(pages.size).toBe(1);
    // Another version of the page is another entry.
    const edited = page('Golondrines ');
    expect(pages.ready(edited)).toBeNull();
    expect(brotliDecompressSync(await pages.brotli(edited)).equals(edited)).toBe(true);
    expect(pages.size).toBe(2);
  });

  it('keeps the most recently used pages only', async () => {
    const pages = createPageCompression({ maxEntries: 2, quality: 4 });
    const [a, b, c] = ['a', 'b', 'c'].map(page);
    await pages.brotli(a!);
    await pages.brotli(b!);
    expect(pages.ready(a!)).not.toBeNull(); // a is now the most recent
    await pages.brotli(c!);
    expect(pages.size).toBe(2);
    expect(pages.ready(b!)).toBeNull();
    expect(pages.ready(a!)).not.toBeNull();
    expect(pages.ready(c!)).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { readFirst, textStream } from './text-stream';

describe('a response body streamed a piece at a time', () => {
  it('sends every piece, in order, as UTF-8', async () => {
    async function* pieces() {
      yield '\uFEFFFecha;Total\r\n';
      yield 'Càrrec;45,00\r\n';
    }
    const bytes = new Uint8Array(await new Response(textStream(pieces(), 'test')).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFFecha;Total\r\nCàrrec;45,00\r\n');
  });

  it('a failure half-way fails the download instead of ending it short', async () => {
    async function* pieces() {
      yield 'first page\r\n';
      throw new Error('the database went away');
    }
    const reader = textStream(pieces(), 'test').getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first page\r\n');
    await expect(reader.read()).rejects.toThrow('the database went away');
    await expect(new Response(textStream(pieces(), 'test')).text()).rejects.toThrow('the database went away');
  });

  it('a client that goes away stops the pieces being made', async () => {
    let made = 0;
    let closed = false;
    async function* pieces() {
      try {
        for (;;) {
          made += 1;
          yield `line ${made}\r\n`;
        }
      } finally {
        closed = true;
      }
    }
    const reader = textStream(pieces(), 'test').getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(made).toBeLessThan(5);
  });

  it('reads the first item before anything is sent: a failure there is an error to answer with', async () => {
    async function* failsAtOnce(): AsyncGenerator<string> {
      throw new Error('the database is down');
    }
    await expect(readFirst(failsAtOnce())).rejects.toThrow('the database is down');

    let read = 0;
    async function* pages() {
      for (const page of ['first', 'second', 'third']) {
        read += 1;
        yield page;
      }
    }
    const started = await readFirst(pages());
    expect(read).toBe(1);
    const all = [];
    for await (const page of started) all.push(page);
    expect(all).toEqual(['first', 'second', 'third']);

    async function* none(): AsyncGenerator<string> {}
    const empty = [];
    for await (const page of await readFirst(none())) empty.push(page);
    expect(empty).toEqual([]);
  });
});

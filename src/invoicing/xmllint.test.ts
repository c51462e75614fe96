import { afterEach, describe, expect, it, vi } from 'vitest';

import { validateXML } from './xmllint';

const SCHEMA = {
  fileName: 'note.xsd',
  contents:
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="note">' +
    '<xs:complexType><xs:sequence><xs:element name="to" type="xs:string"/></xs:sequence></xs:complexType>' +
    '</xs:element></xs:schema>',
};
const doc = (body: string, fileName = 'doc.xml') => ({ fileName, contents: `<?xml version="1.0"?>\n${body}` });

const THREAD = Symbol.for('golondrinas.invoicing.xmllint-thread');
const running = () =>
  (globalThis as { [THREAD]?: { worker: { threadId: number; terminate(): Promise<number> } } })[THREAD];

afterEach(() => vi.restoreAllMocks());

describe('validateXML: xmllint in one long-lived thread (issue 42)', () => {
  it('answers valid, or each error with its file and line, as xmllint-wasm did', async () => {
    expect(await validateXML({ xml: [doc('<note><to>Anna</to></note>')], schema: [SCHEMA] })).toMatchObject({
      valid: true,
      errors: [],
    });
    const wrong = await validateXML({ xml: [doc('<note>\n<from>Anna</from></note>', 'wrong.xml')], schema: [SCHEMA] });
    expect(wrong.valid).toBe(false);
    expect(wrong.errors).toEqual([
      expect.objectContaining({
        loc: { fileName: 'wrong.xml', lineNumber: 3 },
        message: expect.stringContaining('from'),
      }),
    ]);
  });

  it('validates one call after another in the same thread, each with its own output', async () => {
    await validateXML({ xml: [doc('<note><to>A</to></note>')], schema: [SCHEMA] });
    const first = running()!.worker.threadId;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        validateXML({ xml: [doc(i % 2 ? '<note><to>A</to></note>' : '<note/>')], schema: [SCHEMA] }),
      ),
    );
    expect(answers.map((answer) => answer.valid)).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 1));
    // An earlier call's errors never leak into a later answer.
    expect(answers.filter((answer) => answer.valid).every((answer) => answer.errors.length === 0)).toBe(true);
    expect(running()!.worker.threadId).toBe(first);
  });

  it('a thread that ended is replaced by the next call', async () => {
    await validateXML({ xml: [doc('<note><to>A</to></note>')], schema: [SCHEMA] });
    const ended = running()!;
    await ended.worker.terminate();
    expect(await validateXML({ xml: [doc('<note><to>A</to></note>')], schema: [SCHEMA] })).toMatchObject({
      valid: true,
    });
    expect(running()!.worker.threadId).not.toBe(ended.worker.threadId);
  });

  it('rejects, rather than waits, when the thread cannot start (a server started outside the repository)', async () => {
    await running()?.worker.terminate();
    vi.spyOn(process, 'cwd').mockReturnValue('/nowhere');
    await expect(validateXML({ xml: [doc('<note><to>A</to></note>')], schema: [SCHEMA] })).rejects.toThrow();
  });
});

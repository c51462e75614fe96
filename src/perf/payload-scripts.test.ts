import { describe, expect, it } from 'vitest';

import { inlineScriptHashes } from '../security/inline-hashes.mjs';
import { mergePayloadScripts } from './payload-scripts.mjs';

const INIT = '<script>(self.__next_f=self.__next_f||[]).push([0])</script>';
const push = (text: string) => `<script>self.__next_f.push([1,${JSON.stringify(text)}])</script>`;

describe('mergePayloadScripts', () => {
  it('joins a run of adjacent payload scripts into one doing the same pushes in the same order', () => {
    const page = `<body><main><h1>Hola</h1></main><script id="_R_">x()</script>${INIT}${push('1:"a"\n')}${push('2:["$","p",null,{"children":"(b)"}]\n')}<script id="__deferred_scripts" type="application/json">[]</script></body>`;
    const merged = mergePayloadScripts(page);
    expect(merged).toBe(
      `<body><main><h1>Hola</h1></main><script id="_R_">x()</script><script>(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([1,${JSON.stringify('1:"a"\n')}]);self.__next_f.push([1,${JSON.stringify('2:["$","p",null,{"children":"(b)"}]\n')}])</script><script id="__deferred_scripts" type="application/json">[]</script></body>`,
    );
    // Run as the browser would: the same array, in the same order.
    const run = (html: string) => {
      const self: { __next_f?: unknown[] } = {};
      for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function('self', body!)(self);
      return self.__next_f;
    };
    expect(run(merged)).toEqual(run(page));
    // Two hashes fewer in the page's CSP.
    expect(inlineScriptHashes(page).length - inlineScriptHashes(merged).length).toBe(2);
  });

  it('leaves payload scripts apart when something stands between them, and other scripts alone', () => {
    const apart = `<body>${INIT}<p>streamed</p>${push('1:"a"\n')}<script>other()</script></body>`;
    expect(mergePayloadScripts(apart)).toBe(apart);
    const none = '<body><script>self.notPayload.push(1)</script></body>';
    expect(mergePayloadScripts(none)).toBe(none);
  });
});

// A public page's React payload in one inline script instead of several.
//
// Next writes the page's RSC payload as a run of adjacent inline scripts
// (`(self.__next_f=self.__next_f||[]).push([0])`, then `self.__next_f.push([1,"…"])` per chunk).
// A public page's CSP lists the hash of every inline script (src/security/inline-hashes.mjs), and
// each hash is ~55 bytes of a header that HTTP/1.1 sends uncompressed: on the tour pages, the
// difference between the HTML fitting a connection's first round trip or not. The scripts only
// push onto an array, in order, before any of the page's code runs (decision 115), so one script
// doing the same pushes in the same order is the same page. Plain JS: the server runs outside
// Next's bundler.

// An inline script with no attributes whose body is one of Next's payload pushes. A script body
// cannot contain `</script`, so the body ends at the first one.
const PAYLOAD_SCRIPT =
  /<script>((?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\((?:[^<]|<(?!\/script))*?\))<\/script>/g;

/**
 * The page with each run of adjacent payload scripts joined into one; the same HTML when there is
 * no run of two or more.
 * @param {string} html
 */
export function mergePayloadScripts(html) {
  /** @type {{ start: number, end: number, bodies: string[] }[]} */
  const runs = [];
  for (const match of html.matchAll(PAYLOAD_SCRIPT)) {
    const end = match.index + match[0].length;
    const run = runs.at(-1);
    if (run && run.end === match.index) {
      run.bodies.push(match[1]);
      run.end = end;
    } else runs.push({ start: match.index, end, bodies: [match[1]] });
  }
  const merged = runs.filter((run) => run.bodies.length > 1);
  if (merged.length === 0) return html;
  let out = '';
  let copied = 0;
  for (const run of merged) {
    out += `${html.slice(copied, run.start)}<script>${run.bodies.join(';')}</script>`;
    copied = run.end;
  }
  return out + html.slice(copied);
}

// A public page's scripts start after its first paint (docs/decisions/115-scripts-after-first-paint.md).
//
// Next puts every script of a page in its <head> as `<script src async>` (plus a low-priority
// preload): on a phone on 4G their ~120 KB download alongside the hero image and the fonts, and
// the page's largest paint waits for the bandwidth they take. A public page needs none of them to
// be read: its links are plain links and its text is in the HTML. scripts/server.mjs rewrites the
// HTML of public pages as it leaves (before hashing it for the CSP, so the start script is allowed
// by its hash): the tags go, their URLs go in a JSON list, and a small inline script at the end
// of the body adds them, in the same order, once the page has painted and its hero image (the
// `fetchpriority="high"` one) has arrived and been decoded (a large image's 'load' comes a frame or
// more before it is on screen: scripts started in between ran ahead of the largest paint), or
// after 2.5 s whatever happens. Plain JS: the server
// runs outside Next's bundler.

import { REPLAY_EARLY_CLICKS } from './early-clicks.mjs';

export { REPLAY_EARLY_CLICKS };

/** The id of the JSON list of the page's scripts. */
export const DEFERRED_SCRIPTS_ID = '__deferred_scripts';

/** The longest a page waits for its first paint and hero image before starting its scripts. */
export const START_AT_LATEST_MS = 2500;

// ES5 on purpose: the one script every browser runs before Next's polyfills could load.
// "Painted" is the first contentful paint as the browser reports it: frames drawn before it may
// be blank (text waits for its font's block period). requestAnimationFrame runs before the next
// frame is drawn; two of them, then a timeout, and everything parsed before this script (the
// cookie bar is) has been on screen. A browser without paint timing goes by frames alone; a
// background tab never draws, and the latest start covers it.
// Until the page has hydrated its buttons do nothing, so a tap on one ("Book", the calendar, the
// menu) is held (its default prevented: a form is not sent half-alive) and replayed once they
// answer. A link that remembers a choice in a cookie as it is followed (the language switcher)
// names the cookie in `data-set-cookie`; until the page answers, this script sets it, so the
// choice is kept even when the visitor taps before the page's own handler exists. Left alone: the cookie bar's server-rendered buttons ([data-arriving]), which have their
// own handling, and the submit button of a plain HTML form (one with an action URL, like the
// sandbox bank's), which works without any script and must not wait for them. If a script cannot
// be loaded the page will never answer: held taps are replayed at once and no more are held, so
// a form whose server action has its no-JavaScript path is sent the way it would be without JS.
// Each script is added in a task of its own, a millisecond apart: Lighthouse records the stack that
// starts every request, and one task adding a page's eleven took 9–14 ms of main thread, counted
// as blocking (decision 149). Timers set from one task, not nested, so none is held back.
export const START_SCRIPTS =
  '(function(){var d=document,w=window,started=0,alive=0,taps=[];' +
  "function plain(b){var f=b.form;return b.type==='submit'&&f&&(b.getAttribute('formaction')||f.getAttribute('action'))}" +
  "d.addEventListener('click',function(e){if(alive)return;var t=e.target,c=t&&t.closest&&t.closest('a[data-set-cookie]');" +
  "if(c)d.cookie=c.getAttribute('data-set-cookie');" +
  "var b=t&&t.closest&&t.closest('button');" +
  "if(!b||b.closest('[data-arriving]')||plain(b))return;e.preventDefault();if(taps[taps.length-1]!==b)taps.push(b)},true);" +
  `var replay=w.${REPLAY_EARLY_CLICKS}=function(){if(alive)return;alive=1;` +
  'taps.splice(0).forEach(function(b){if(b.isConnected)b.click()})};' +
  'function start(){if(started)return;started=1;clearTimeout(late);' +
  `JSON.parse(d.getElementById('${DEFERRED_SCRIPTS_ID}').textContent).forEach(function(src,i){setTimeout(function(){` +
  "var s=d.createElement('script');s.src=src;s.async=true;s.onerror=replay;d.head.appendChild(s)},i)})}" +
  'function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}' +
  "function painted(){return performance.getEntriesByName('first-contentful-paint').length>0}" +
  'function afterPaint(){' +
  "if(!w.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0||painted())return frames();" +
  "var o=new PerformanceObserver(function(){if(painted()){o.disconnect();frames()}});o.observe({type:'paint',buffered:true})}" +
  `var late=setTimeout(start,${START_AT_LATEST_MS});` +
  "var hero=d.querySelector('img[fetchpriority=high]');" +
  'if(hero&&hero.decode)hero.decode().then(afterPaint,afterPaint);' +
  "else if(hero&&!hero.complete){hero.addEventListener('load',afterPaint);hero.addEventListener('error',afterPaint)}" +
  'else afterPaint()})()';

// Exactly what Next renders for a page's chunks; anything else (JSON-LD, inline payload, the
// noModule polyfills, a script of ours elsewhere) is left alone.
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"<>]+\.js"\/>/g;

const ERROR_SHELL = '<html id="__next_error__">';

/**
 * The page with its chunk scripts started after first paint; the same HTML when it has none, or
 * already carries the list.
 * @param {string} html
 */
export function deferChunkScripts(html) {
  if (html.includes(`id="${DEFERRED_SCRIPTS_ID}"`)) return html;
  // Next's error shell (an empty body its scripts fill in, e.g. some 404s) has nothing to paint
  // first: waiting for a paint would show a blank page until the latest start.
  if (html.includes(ERROR_SHELL)) return html;
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  const sources = [];
  const withoutTags = html.slice(0, end).replace(CHUNK_SCRIPT, (_, src) => {
    if (!sources.includes(src)) sources.push(src);
    return '';
  });
  if (sources.length === 0) return html;
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    withoutTags.replace(CHUNK_PRELOAD, '') +
    `<script id="${DEFERRED_SCRIPTS_ID}" type="application/json">${list}</script>` +
    `<script>${START_SCRIPTS}</script>` +
    html.slice(end)
  );
}

import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * The page paints before its JavaScript loads (docs/decisions/0020-paint-before-scripts.md).
 *
 * React Router's <Scripts> puts a `<link rel="modulepreload">` in the head for
 * every module the page hydrates with, and a `<script type="module" async>`
 * that imports them and starts React. A browser fetches those modules at once,
 * in parallel with the stylesheet and the font, and runs them as they arrive:
 * on a phone that is 100+ KB of JavaScript competing with the page's first
 * paint for the network and the main thread, although every page works as
 * plain HTML and needs none of it to be seen.
 *
 * This rewrite of the rendered HTML takes those links out and puts, where the
 * module script was, an inline script that waits for the page's first
 * contentful paint and then adds the same links and the same module script:
 * the same requests, in parallel, a frame later. An anonymous visitor's public
 * page waits longer, for the first sign of a person
 * (docs/decisions/0021-public-pages-start-on-first-use.md).
 */

export type PaintFirstOptions = {
  /** Start the scripts at a person's first input instead of the first paint. */
  untilPerson?: boolean;
};

// The loader, as it runs in the browser (ES5, no build step). `preloads` and
// `bootstrap` are React Router's module URLs and its module script's text.
//
// By default it starts at the first contentful paint; at once when the page is
// hidden (a background tab paints nothing, and nothing is competing with a
// paint); after the next frame where paint timing is missing; and after 3 s at
// the latest, whatever happened. The module script goes first; the preload
// links follow one to a task, because adding a link costs the main thread about
// a millisecond on a phone and twenty at once would be a long task.
//
// With `untilPerson` (an anonymous visitor's public page, decision 0021) it
// starts at the first sign of a person instead: a pointer moving or pressed, a
// touch, a key, focus, a scroll or a click. A page that needs its scripts at
// once says so with a `data-scripts-now` element. Nothing a person can reach on
// such a page needs the scripts to work: links, forms, disclosures, popovers and
// the calendar's links all work as HTML (tests/e2e/progressive-enhancement.spec.ts).
const LOADER = `(function(preloads,bootstrap,untilPerson){
var nonce=document.currentScript.nonce,started=false;
function preload(index){
if(index>=preloads.length)return;
var link=document.createElement("link");link.rel="modulepreload";link.href=preloads[index];link.nonce=nonce;document.head.appendChild(link);
setTimeout(preload,0,index+1)}
function start(){
if(started)return;started=true;
var script=document.createElement("script");script.type="module";script.nonce=nonce;script.textContent=bootstrap;document.head.appendChild(script);
setTimeout(preload,0,0)}
function waitForPerson(){
var signs=["pointerdown","pointermove","touchstart","keydown","focusin","scroll","wheel","click"],options={capture:true,passive:true};
function sign(){signs.forEach(function(type){window.removeEventListener(type,sign,options)});start()}
signs.forEach(function(type){window.addEventListener(type,sign,options)})}
if(untilPerson&&!document.querySelector("[data-scripts-now]"))return waitForPerson();
setTimeout(start,3000);
if(document.visibilityState==="hidden")return start();
document.addEventListener("visibilitychange",start,{once:true});
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;
if(types&&types.indexOf("paint")>=0)new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true});
else requestAnimationFrame(function(){setTimeout(start)})
})`;

// React Router's module script is the one that sets this global.
const BOOTSTRAP_MARK = "window.__reactRouterRouteModules";
const BOOTSTRAP_TAG = /^<script([^>]*) type="module" async="">/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;

/** Text for a JSON value inside an inline <script>: nothing in it can close the element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

function decodeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Where React Router's module script ends in `html` (after its `</script>`), or -1 while it has not. */
function bootstrapEnd(html: string, from = 0): number {
  const mark = html.indexOf(BOOTSTRAP_MARK, from);
  if (mark < 0) return -1;
  const close = html.indexOf("</script>", mark);
  return close < 0 ? -1 : close + "</script>".length;
}

/**
 * The page's HTML up to (at least) the end of React Router's module script,
 * rewritten to load its modules after the first paint. HTML without that
 * script (a page rendered without <Scripts>) comes back as it was.
 */
export function paintFirst(html: string, { untilPerson = false }: PaintFirstOptions = {}): string {
  const end = bootstrapEnd(html);
  if (end < 0) return html;
  const start = html.lastIndexOf("<script", html.indexOf(BOOTSTRAP_MARK));
  const tag = BOOTSTRAP_TAG.exec(html.slice(start));
  if (!tag) return html;
  const attributes = tag[1] ?? "";
  const code = html.slice(start + tag[0].length, end - "</script>".length);
  const preloads: string[] = [];
  const before = html.slice(0, start).replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href === undefined) return link;
    preloads.push(decodeAttribute(href));
    return "";
  });
  const loader = `<script${attributes}>${LOADER}(${inlineJson(preloads)},${inlineJson(code)}${untilPerson ? ",1" : ""})</script>`;
  return before + loader + html.slice(end);
}

/**
 * paintFirst over a stream of HTML: holds the text back until React Router's
 * module script has ended (it closes the shell, which React writes at once),
 * rewrites it, and passes the rest of the stream through as it comes.
 */
export function paintFirstStream(options: PaintFirstOptions = {}): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let searchFrom = 0;
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, decoder.write(chunk));
      held += decoder.write(chunk);
      if (bootstrapEnd(held, searchFrom) < 0) {
        // The mark may straddle two chunks: look again from a little before this one's end.
        const mark = held.indexOf(BOOTSTRAP_MARK, searchFrom);
        searchFrom = mark >= 0 ? mark : Math.max(0, held.length - BOOTSTRAP_MARK.length);
        return callback();
      }
      done = true;
      const text = paintFirst(held, options);
      held = "";
      callback(null, text);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest || undefined);
    },
  });
}

import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { type PaintFirstOptions, paintFirst, paintFirstStream } from "./paint-first.server";

const nonce = "n0nce+/==";
const bootstrap = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-1.js");`;

// The shape of a page React Router renders: preloads hoisted into the head, its module script after the page.
const page = [
  `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>`,
  `<link nonce="${nonce}" rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>`,
  `<link nonce="${nonce}" rel="preload" href="/assets/inter-1.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>`,
  `<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-1.js?v=1&amp;x=2" nonce="${nonce}"/>`,
  `</head><body><main><h1>Café Débat</h1><p>Über 🎤 “quoted”</p>`,
  // Page content that merely looks like a module script is not React Router's.
  `<script type="module" async="">console.log("not the bootstrap")</script></main>`,
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">${bootstrap}</script>`,
  `<!--$?--><template id="B:0"></template><!--/$--><script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`,
].join("");

/** Runs the inline loader paintFirst wrote, against a small stand-in for the browser. */
function runLoader(html: string, options: { hidden?: boolean; paintTiming?: boolean; scriptsNow?: boolean } = {}) {
  const loader = /<script([^>]*)>(\(function\(preloads,bootstrap,untilPerson\)[\s\S]*?)<\/script>/.exec(html);
  if (!loader) throw new Error("no loader in the page");
  const appended: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] =
    [];
  const timers: { run: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  const listeners: (() => void)[] = [];
  const windowListeners = new Map<string, () => void>();
  const document = {
    currentScript: { nonce },
    visibilityState: options.hidden ? "hidden" : "visible",
    head: { appendChild: (element: (typeof appended)[number]) => appended.push({ ...element }) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    querySelector: (selector: string) => (selector === "[data-scripts-now]" && options.scriptsNow ? {} : null),
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ["navigation"] : ["navigation", "paint"];
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe() {}
  }
  const window = {
    PerformanceObserver,
    addEventListener: (
      type: string,
      listener: () => void,
      listenerOptions: { capture?: boolean; passive?: boolean },
    ) => {
      expect(listenerOptions).toEqual({ capture: true, passive: true });
      windowListeners.set(type, listener);
    },
    removeEventListener: (type: string, listener: () => void) => {
      if (windowListeners.get(type) === listener) windowListeners.delete(type);
    },
  };
  const setTimeout = (run: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) =>
    timers.push({ run: () => run(...args), ms });
  const requestAnimationFrame = (run: () => void) => frames.push(run);
  new Function("document", "window", "PerformanceObserver", "setTimeout", "requestAnimationFrame", loader[2]!)(
    document,
    window,
    PerformanceObserver,
    setTimeout,
    requestAnimationFrame,
  );
  const paint = (name: string) =>
    observers.forEach((observer) => observer({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }));
  /** Runs the timers that are due within `ms`, and the ones they set, as the event loop would. */
  const runTimers = (ms = 0) => {
    for (
      let next = timers.findIndex((timer) => timer.ms <= ms);
      next >= 0;
      next = timers.findIndex((timer) => timer.ms <= ms)
    ) {
      timers.splice(next, 1)[0]!.run();
    }
  };
  /** A person's input of this type, dispatched to the window's listeners. */
  const input = (type: string) => windowListeners.get(type)?.();
  return { attributes: loader[1], appended, frames, listeners, windowListeners, input, paint, runTimers };
}

describe("paintFirst", () => {
  const html = paintFirst(page);

  it("takes the module preloads out of the head and React Router's module script out of the page", () => {
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toContain(bootstrap);
    expect(html).not.toMatch(/<script[^>]*type="module"[^>]*>import/);
  });

  it("keeps everything else as it was: the stylesheet, the font, the text, the other scripts", () => {
    const kept = (part: string) => expect(html).toContain(part);
    kept(`<link nonce="${nonce}" rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>`);
    kept(`as="font"`);
    kept(`<h1>Café Débat</h1><p>Über 🎤 “quoted”</p>`);
    kept(`<script type="module" async="">console.log("not the bootstrap")</script>`);
    kept(`<script nonce="${nonce}">window.__reactRouterContext = {};</script>`);
    kept(`<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`);
  });

  it("puts a classic script with the page's nonce where the module script was", () => {
    const loader = runLoader(html);
    expect(loader.attributes).toBe(` nonce="${nonce}"`);
    expect(html.indexOf("window.__reactRouterContext")).toBeLessThan(
      html.indexOf("(function(preloads,bootstrap,untilPerson)"),
    );
  });

  it("adds nothing before the first contentful paint, then the module script, then the preloads one task each", () => {
    const loader = runLoader(html);
    loader.paint("first-paint");
    expect(loader.appended).toEqual([]);

    loader.paint("first-contentful-paint");
    expect(loader.appended).toEqual([{ tag: "script", type: "module", nonce, textContent: bootstrap }]);

    loader.runTimers(0);
    expect(loader.appended.slice(1)).toEqual(
      ["/assets/manifest-1.js", "/assets/entry.client-1.js", "/assets/framework-1.js?v=1&x=2"].map((href) => ({
        tag: "link",
        rel: "modulepreload",
        href,
        nonce,
      })),
    );

    // Later paints, a tab switch and the fallback timer start nothing twice.
    loader.paint("first-contentful-paint");
    loader.listeners.forEach((listener) => listener());
    loader.runTimers(3000);
    expect(loader.appended).toHaveLength(4);
  });

  it("starts at once in a hidden tab, which paints nothing", () => {
    const loader = runLoader(html, { hidden: true });
    expect(loader.appended.map((element) => element.tag)).toEqual(["script"]);
  });

  it("starts when the tab is hidden before the page painted", () => {
    const loader = runLoader(html);
    loader.listeners.forEach((listener) => listener());
    expect(loader.appended.map((element) => element.tag)).toEqual(["script"]);
  });

  it("starts after the next frame in a browser without paint timing", () => {
    const loader = runLoader(html, { paintTiming: false });
    loader.runTimers(0);
    expect(loader.appended).toEqual([]);
    loader.frames.forEach((frame) => frame());
    loader.runTimers(0);
    expect(loader.appended[0]).toMatchObject({ tag: "script", textContent: bootstrap });
  });

  it("starts after 3 s whatever happened", () => {
    const loader = runLoader(html);
    loader.runTimers(2999);
    expect(loader.appended).toEqual([]);
    loader.runTimers(3000);
    expect(loader.appended[0]).toMatchObject({ tag: "script", textContent: bootstrap });
  });

  it("on a page for anyone, waits for a person: not the paint, a hidden tab or the clock starts it", () => {
    const loader = runLoader(paintFirst(page, { untilPerson: true }));
    expect([...loader.windowListeners.keys()].sort()).toEqual([
      "click",
      "focusin",
      "keydown",
      "pointerdown",
      "pointermove",
      "scroll",
      "touchstart",
      "wheel",
    ]);
    loader.paint("first-contentful-paint");
    loader.listeners.forEach((listener) => listener());
    loader.frames.forEach((frame) => frame());
    loader.runTimers(60_000);
    expect(loader.appended).toEqual([]);
  });

  for (const type of ["pointermove", "touchstart", "keydown", "scroll", "focusin"]) {
    it(`on a page for anyone, starts at the first ${type}, once, and stops listening`, () => {
      const loader = runLoader(paintFirst(page, { untilPerson: true }));
      loader.input(type);
      expect(loader.appended).toEqual([{ tag: "script", type: "module", nonce, textContent: bootstrap }]);
      expect(loader.windowListeners.size).toBe(0);
      loader.runTimers(0);
      expect(loader.appended.map((element) => element.href ?? element.tag)).toEqual([
        "script",
        "/assets/manifest-1.js",
        "/assets/entry.client-1.js",
        "/assets/framework-1.js?v=1&x=2",
      ]);
    });
  }

  it("on a page for anyone that asks for its scripts at once (data-scripts-now), starts at the paint", () => {
    const loader = runLoader(paintFirst(page, { untilPerson: true }), { scriptsNow: true });
    expect(loader.windowListeners.size).toBe(0);
    expect(loader.appended).toEqual([]);
    loader.paint("first-contentful-paint");
    expect(loader.appended[0]).toMatchObject({ tag: "script", textContent: bootstrap });
  });

  it("writes the module script's text so that nothing in it can open or close an element", () => {
    const tricky = `${bootstrap}\nconst note = "<!--<script>a</b>";\n// \u2028`;
    const rewritten = paintFirst(page.replace(bootstrap, tricky));
    const loaderArguments = /\}\)\((\[[\s\S]*?)<\/script>/.exec(rewritten)![1];
    expect(loaderArguments).toContain("\\u003c!--\\u003cscript>a\\u003c/b>");
    expect(loaderArguments).not.toMatch(/<|\u2028/);
    const loader = runLoader(rewritten);
    loader.paint("first-contentful-paint");
    expect(loader.appended[0]?.textContent).toBe(tricky);
  });

  it("leaves a page without React Router's scripts as it was", () => {
    const plain = page.replace(/<script nonce="[^"]*" type="module" async="">[\s\S]*?<\/script>/, "");
    expect(paintFirst(plain)).toBe(plain);
  });
});

describe("paintFirstStream", () => {
  const rewrite = (chunks: Buffer[], options: PaintFirstOptions = {}) =>
    text(Readable.from(chunks).pipe(paintFirstStream(options)));

  it("gives what paintFirst gives, however the page is cut into chunks (even inside a character)", async () => {
    const bytes = Buffer.from(page);
    for (const options of [{}, { untilPerson: true }]) {
      const expected = paintFirst(page, options);
      for (const size of [1, 2, 3, 7, 64, 1000, bytes.length]) {
        const chunks: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
        expect(await rewrite(chunks, options), `chunks of ${size} bytes, ${JSON.stringify(options)}`).toBe(expected);
      }
    }
  });

  it("passes a page without React Router's scripts through unchanged", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Erreur — 500</p></body></html>";
    expect(await rewrite([Buffer.from(plain.slice(0, 20)), Buffer.from(plain.slice(20))])).toBe(plain);
  });
});

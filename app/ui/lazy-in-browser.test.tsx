import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyInBrowser, lazyUntilUsed, reachesFor } from "./lazy-in-browser";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const page = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Ada" />
    </Suspense>,
  );

describe("lazyInBrowser", () => {
  it("renders in place once preloaded, loading the code once", async () => {
    let loads = 0;
    const Lazy = lazyInBrowser(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(page(Lazy)).toContain("Hello <!-- -->Ada");
    expect(page(Lazy)).not.toContain("Loading");
    expect(loads).toBe(1);
  });

  it("suspends until the code is there when nothing preloaded it", () => {
    const Lazy = lazyInBrowser(() => new Promise<typeof Greeting>(() => {}));
    expect(page(Lazy)).toContain("Loading");
  });

  it("tries again after a failed load", async () => {
    let attempts = 0;
    const Lazy = lazyInBrowser(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return Greeting;
    });
    await expect(Lazy.preload()).rejects.toThrow("offline");
    await Lazy.preload();
    expect(page(Lazy)).toContain("Ada");
  });
});

describe("lazyUntilUsed", () => {
  it("is in the server's HTML once preloaded, in its own boundary and wrapper, not yet live", async () => {
    let loads = 0;
    const Lazy = lazyUntilUsed(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    const html = renderToString(<Lazy name="Ada" />);
    expect(html).toBe('<div class="contents"><!--$--><p>Hello <!-- -->Ada</p><!--/$--></div>');
    expect(loads).toBe(1);
  });

  it("leaves its place empty (for the browser to fill) when nothing preloaded it", () => {
    const Lazy = lazyUntilUsed(() => new Promise<typeof Greeting>(() => {}));
    const html = renderToString(<Lazy name="Ada" />);
    expect(html).not.toContain("Ada");
    expect(html).toContain('<div class="contents">');
  });
});

describe("reachesFor", () => {
  it("takes focus in the part (a key, a tap in a field) and a click or tap on it", () => {
    expect(reachesFor({ type: "focusin" })).toBe(true);
    expect(reachesFor({ type: "click", pointerType: "touch" })).toBe(true);
  });

  it("takes a mouse pointer over the part", () => {
    expect(reachesFor({ type: "pointerover", pointerType: "mouse" })).toBe(true);
    expect(reachesFor({ type: "pointerdown", pointerType: "mouse" })).toBe(true);
  });

  it("leaves a finger or a pen that lands on the part: a thumb scrolling the page past a form", () => {
    expect(reachesFor({ type: "pointerover", pointerType: "touch" })).toBe(false);
    expect(reachesFor({ type: "pointerdown", pointerType: "touch" })).toBe(false);
    expect(reachesFor({ type: "pointerdown", pointerType: "pen" })).toBe(false);
  });
});

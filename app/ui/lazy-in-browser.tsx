import { memo, Suspense, use, useEffect, useRef, type ComponentType, type RefObject } from "react";
import { useHydrated } from "./use-hydrated";

type Lazy<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/** Loads a component's code once; a failed load (offline, a new deployment) is tried again next time. */
function codeLoader<Props>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  let markLoaded: (component: ComponentType<Props>) => void = () => {};
  // Settles when the code has arrived, however many tries that took; never rejects.
  const arrived = new Promise<ComponentType<Props>>((resolve) => (markLoaded = resolve));
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        markLoaded(component);
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { start, arrived, loaded: () => loaded };
}

/**
 * A component the server renders into the page's HTML at once, but whose code
 * the browser loads only when a page renders it (decision 0013).
 *
 * React.lazy would not do on the server: a lazy component there streams in
 * after the page, behind a script that a browser without JavaScript never
 * runs, and the no-JavaScript paths need the HTML. So the server loads the
 * code before rendering (the route's loader awaits `preload()`) and renders
 * the component without suspending; the browser imports it on first render.
 * Put it inside <Suspense>: while the page hydrates, React keeps the server's
 * HTML of that boundary until the code has arrived, then hydrates it.
 */
export function lazyInBrowser<Props extends object>(load: () => Promise<ComponentType<Props>>): Lazy<Props> {
  const code = codeLoader(load);
  function LazyInBrowser(props: Props) {
    const Component = code.loaded() ?? use(code.start());
    // oxlint-disable-next-line react/static-components -- not created here: the one loaded component, the same on every render
    return <Component {...props} />;
  }
  return Object.assign(LazyInBrowser, { preload: code.start });
}

const useEvents = ["pointerover", "pointerdown", "focusin", "click"] as const;

/**
 * Whether an event shows a person reaching for a part of the page (decision 0041): a mouse pointer over it, focus
 * in it (a Tab, a tap in a field), or a click or tap on it. A finger that lands on the part and moves is scrolling
 * the page past it: a phone reading to the end does not load and hydrate every form it passes. Until the part is
 * live it works as plain HTML, so a tap on one of its links or buttons before then acts as without JavaScript.
 */
export function reachesFor(event: { type: string; pointerType?: string }): boolean {
  if (event.type === "focusin" || event.type === "click") return true;
  return event.pointerType === "mouse";
}

/**
 * Like lazyInBrowser, and more patient: a part of the page (a form) that the
 * server renders at once, whose code the browser loads only when a person
 * reaches for it: a mouse pointer over it, focus in it, or a tap on it (decisions 0013 and 0041).
 * Until then React keeps the server's HTML of it as it is (a Suspense boundary
 * that has not hydrated yet), which works as plain HTML: the fields take
 * typing, and a form sent that early posts like one without JavaScript. React
 * replays the focus once the part has hydrated.
 *
 * Rendered anew in the browser (a client-side navigation to the page, or new
 * props before it hydrated), it loads at once. It brings its own Suspense
 * boundary; the route's loader awaits `preload()` as for lazyInBrowser. Once
 * the part is live, its wrapper (display: contents) carries `data-live`.
 *
 * React hydrates such a part at once when any context above it changes, so the
 * app must not change one on load: React Router's route discovery would, which
 * is why the whole route manifest comes with the page (react-router.config.ts).
 */
export function lazyUntilUsed<Props extends object>(load: () => Promise<ComponentType<Props>>): Lazy<Props> {
  const code = codeLoader(load);

  function Deferred({ props, area }: { props: Props; area: RefObject<HTMLDivElement | null> }) {
    const hydrating = !useHydrated();
    // Marks the part as live (for tests and styles: [data-live]).
    useEffect(() => {
      area.current?.setAttribute("data-live", "");
    }, [area]);
    return <Loaded props={props} hydrating={hydrating} />;
  }

  // `use` in a component of its own, with no other hook before it: React replaying a component that suspended
  // after other hooks threw "Update hook called on initial render" (#467, then #520: the whole page rendered
  // again, and focus was lost) when the code arrived during hydration.
  function Loaded({ props, hydrating }: { props: Props; hydrating: boolean }) {
    const inBrowser = typeof document !== "undefined";
    const Component = code.loaded() ?? use(hydrating && inBrowser ? code.arrived : code.start());
    // oxlint-disable-next-line react/static-components -- not created here: the one loaded component, the same on every render
    return <Component {...props} />;
  }

  // Memoized: a dehydrated boundary given new props cannot wait any longer, so unrelated renders must not reach it.
  const LazyUntilUsed = memo(function LazyUntilUsed(props: Props) {
    const area = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (code.loaded()) return;
      // Reached for before React ran (a public page starts its scripts at the first input, decision 0021: a
      // Tab that lands in the part, a pointer already over it): those events came and went, so load now.
      const focused = document.activeElement;
      if ((focused && area.current?.contains(focused)) || area.current?.querySelector(":hover")) {
        code.start().catch(() => {});
        return;
      }
      // On the window, in the capture phase: React stops events aimed at a part it has not hydrated yet.
      const onUse = (event: Event) => {
        const target = event.target;
        if (target instanceof Node && area.current?.contains(target) && reachesFor(event as PointerEvent)) {
          code.start().catch(() => {});
        }
      };
      for (const type of useEvents) window.addEventListener(type, onUse, { capture: true, passive: true });
      void code.arrived.then(stop);
      function stop() {
        for (const type of useEvents) window.removeEventListener(type, onUse, { capture: true });
      }
      return stop;
    }, []);
    return (
      <div ref={area} className="contents">
        <Suspense fallback={null}>
          <Deferred props={props} area={area} />
        </Suspense>
      </div>
    );
  });

  return Object.assign(LazyUntilUsed as unknown as ComponentType<Props>, { preload: code.start });
}

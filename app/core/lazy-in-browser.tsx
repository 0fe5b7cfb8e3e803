import { use, type ComponentType } from "react";

/**
 * A component the server renders into the page's HTML at once, but whose code
 * the browser loads only when a page renders it (issue 14).
 *
 * React.lazy would not do on the server: a lazy component there streams in
 * after the page, behind a script that a browser without JavaScript never
 * runs, and the no-JavaScript paths need the HTML. So the server loads the
 * code before rendering (the route's loader awaits `preload()`) and renders
 * the component without suspending; the browser imports it on first render.
 * Put it inside <Suspense>: while the page hydrates, React keeps the server's
 * HTML of that boundary until the code has arrived, then hydrates it.
 */
export function lazyInBrowser<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Offline or a new deployment: the next render tries again.
        loading = undefined;
        throw error;
      },
    ));
  function LazyInBrowser(props: Props) {
    const Component = loaded ?? use(start());
    // oxlint-disable-next-line react/static-components -- not created here: the one loaded component, the same on every render
    return <Component {...props} />;
  }
  return Object.assign(LazyInBrowser, { preload: start });
}

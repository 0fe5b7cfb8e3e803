/**
 * The page a request (or URL) stands for. A client-side navigation asks for a
 * page's data at `<path>.data` (`/_root.data` for `/`) with a `_routes`
 * parameter (React Router's single fetch), and its loaders see that URL.
 * Anything built from it for the person (links, the address bar, a way back
 * after signing in) must use the page's own address: the data URL shows raw
 * data, or a 404 as a page.
 */
export function pageUrl(from: Request | URL | string): URL {
  const url = new URL(from instanceof Request ? from.url : from);
  url.searchParams.delete("_routes");
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return url;
}

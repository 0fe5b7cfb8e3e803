import path from "node:path";

/**
 * Whether a request may be for a file of public/: every file there has an extension, so a page (no extension) skips
 * the file-system lookup (8% of a page's time). React Router's data requests (`/fees.data`, `/_root.data`: every
 * navigation and revalidation with JavaScript) are not files either: a lookup would only fail (5% of their time).
 */
export function mayBePublicFile(pathname: string): boolean {
  return path.extname(pathname) !== "" && !pathname.endsWith(".data");
}

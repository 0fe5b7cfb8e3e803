// Every link in an email works from a mail program (decision 0051): a path of the site ("/judge?tournament=...")
// becomes the site's address (PUBLIC_URL) and the path, in the HTML's links and in the words of either part.

/** A link attribute whose value is a path of this site (one slash, not two). */
const RELATIVE_ATTRIBUTE = /\b(href|src)="(\/(?!\/)[^"]*)"/g;

/**
 * A path of this site standing alone in the words: after the start, a space, "(" or the end of an HTML tag, a slash
 * and a letter or digit ("/judge?tournament=x"); never inside an address ("https://a/b"), a date ("12/8"),
 * "and/or", or a closing tag ("</p>").
 */
const RELATIVE_WORD = /(^|[\s(>])(\/[A-Za-z0-9][^\s<>"')]*)/g;

/** `text` (plain or HTML) with every path of the site made absolute on `base` ("https://citron.example"). */
export function absoluteLinks(text: string, base: string): string {
  const site = base.replace(/\/+$/, "");
  return text
    .replace(RELATIVE_ATTRIBUTE, (_, attribute: string, path: string) => `${attribute}="${site}${path}"`)
    .replace(RELATIVE_WORD, (_, before: string, path: string) => `${before}${site}${path}`);
}

/** Whether `text` (plain or HTML) still has a link or path of the site that is not absolute. */
export function hasRelativeLink(text: string): boolean {
  return new RegExp(RELATIVE_ATTRIBUTE.source).test(text) || new RegExp(RELATIVE_WORD.source, "m").test(text);
}

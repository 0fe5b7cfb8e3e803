import MarkdownIt from "markdown-it";

/**
 * The small Markdown of staff-edited longer texts (decision 0039): paragraphs,
 * **bold**, *italic*, [links](https://...) and lists; nothing else. Rendered
 * on the server only (markdown-it never reaches a browser). Raw HTML is off, so
 * `<script>` shows as text; links go only to http, https and mailto addresses
 * (anything else stays as plain text) and open as ordinary links.
 */
const markdown = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: false }).enable([
  "paragraph",
  "emphasis",
  "link",
  "list",
  "newline",
  "escape",
  "entity",
]);

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

// Links leave the site: no referrer, no opener.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** The text as HTML (safe to put in the page as is). */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The text without its Markdown: what a shortened preview shows. */
export function markdownText(source: string): string {
  const parts: string[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type === "inline") parts.push((token.children ?? []).map((child) => (child.type === "text" ? child.content : child.type === "softbreak" ? " " : "")).join(""));
  }
  return parts.join(" ");
}

/**
 * A longer text for a page: its plain text, and its HTML only when the Markdown makes a difference (formatting,
 * links, lists, several paragraphs), so a plain text is not sent twice.
 */
export function markdownForPage(source: string): { text: string; html?: string } {
  const text = markdownText(source);
  const html = renderMarkdown(source);
  return html === markdown.render(markdown.utils.escapeHtml(text)) ? { text } : { text, html };
}

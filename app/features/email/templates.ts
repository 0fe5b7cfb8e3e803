/**
 * Email bodies: every message has an HTML part and a plain-text part made
 * from the same content. Values are escaped here, once, so features pass
 * user-supplied text as it is.
 */
import { escapeHtml } from "~/core/html";

/** Header values (the subject) on one line: no CR/LF, no control characters. */
export function singleLine(value: string, max = 200): string {
  const flat = value
    // oxlint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export type EmailField = { label: string; value: string | null | undefined; href?: string };

export type EmailContent = {
  /** The heading at the top of the message. */
  title: string;
  /** Short paragraphs before the fields. */
  intro?: string[];
  /** Label/value rows; an empty value shows "Not given". */
  fields?: EmailField[];
  /** One call to action: a button in HTML, "label: url" in plain text. */
  action?: { label: string; url: string };
  /** A longer block of the sender's own words, line breaks kept. */
  quote?: { label: string; text: string };
  /** A closing line in small print. */
  footer?: string;
};

const NOT_GIVEN = "Not given";

/** The HTML and plain-text bodies for `content`. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  return { html: renderHtml(content), text: renderText(content) };
}

function renderText(content: EmailContent): string {
  const lines: string[] = [content.title, "=".repeat(Math.min(content.title.length, 60)), ""];
  for (const paragraph of content.intro ?? []) lines.push(paragraph, "");
  for (const field of content.fields ?? []) lines.push(`${field.label}: ${field.value || NOT_GIVEN}`);
  if (content.fields?.length) lines.push("");
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, "");
  if (content.quote) lines.push(`${content.quote.label}:`, content.quote.text, "");
  if (content.footer) lines.push("--", content.footer);
  return `${lines.join("\n").trimEnd()}\n`;
}

function renderHtml(content: EmailContent): string {
  const intro = (content.intro ?? [])
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join("");
  const rows = (content.fields ?? [])
    .map((field) => {
      const value = field.value
        ? field.href
          ? `<a href="${escapeHtml(field.href)}" style="color:#243a66">${escapeHtml(field.value)}</a>`
          : escapeHtml(field.value)
        : `<span style="color:#57544c">${NOT_GIVEN}</span>`;
      return `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 16px 6px 0;color:#57544c;font-weight:600;white-space:nowrap">${escapeHtml(field.label)}</th><td style="padding:6px 0;word-break:break-word">${value}</td></tr>`;
    })
    .join("");
  const table = rows
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">${rows}</table>`
    : "";
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#18294d;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57544c;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const quote = content.quote
    ? `<p style="margin:0 0 6px;color:#57544c;font-weight:600">${escapeHtml(content.quote.label)}</p><div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d2df3f;background:#f5f1e8;white-space:pre-wrap;line-height:1.5">${escapeHtml(content.quote.text)}</div>`
    : "";
  const footer = content.footer
    ? `<p style="margin:24px 0 0;font-size:13px;color:#57544c">${escapeHtml(content.footer)}</p>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head><body style="margin:0;padding:24px;background:#fbf9f4;color:#0f1b35;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"><div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e9e3d5;border-radius:12px;padding:24px"><h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>${intro}${table}${action}${quote}${footer}</div></body></html>`;
}

import { describe, expect, it } from "vitest";
import { markdownForPage, markdownText, renderMarkdown } from "./markdown.server";

describe("the staff Markdown subset", () => {
  it("renders paragraphs, bold, italic, links and lists", () => {
    expect(renderMarkdown("One **two** *three*.\n\nNew [site](https://example.org) and [mail](mailto:a@example.org).")).toBe(
      '<p>One <strong>two</strong> <em>three</em>.</p>\n<p>New <a href="https://example.org" rel="noopener noreferrer">site</a> and <a href="mailto:a@example.org" rel="noopener noreferrer">mail</a>.</p>\n',
    );
    expect(renderMarkdown("- a\n- b\n\n1. c")).toBe("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>c</li>\n</ol>\n");
  });

  it("shows raw HTML and script as text, and refuses other link schemes", () => {
    expect(renderMarkdown('<script>alert("x")</script>')).toBe("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>\n");
    expect(renderMarkdown("<img src=x onerror=alert(1)>")).not.toContain("<img");
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "/relative", "ftp://x"]) {
      expect(renderMarkdown(`[go](${url})`)).not.toContain("<a ");
    }
  });

  it("leaves out what the subset does not have: headings, images, code, tables", () => {
    const html = renderMarkdown("# Big\n\n![x](https://example.org/x.png)\n\n`code`\n\n> quote");
    expect(html).not.toMatch(/<h1|<img|<code|<blockquote/);
  });

  it("gives the plain text for previews", () => {
    expect(markdownText("One **two** [three](https://example.org).\n\n- four")).toBe("One two three. four");
  });

  it("sends a plain text once: HTML only when the Markdown changes something", () => {
    expect(markdownForPage("Plain words & more.")).toEqual({ text: "Plain words & more." });
    expect(markdownForPage("Some **bold**.")).toEqual({ text: "Some bold.", html: "<p>Some <strong>bold</strong>.</p>\n" });
    expect(markdownForPage("<b>x</b>")).toEqual({ text: "<b>x</b>" });
    expect(markdownForPage("One.\n\nTwo.").html).toBe("<p>One.</p>\n<p>Two.</p>\n");
  });
});

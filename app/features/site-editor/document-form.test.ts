import { describe, expect, it } from "vitest";
import { fileContent } from "~/features/content/content.server";
import { contentSections } from "~/features/content/sections";
import {
  type DocumentSectionKey,
  documentFormSchema,
  documentForms,
  fieldMessages,
  fromFormValues,
  toFormValues,
} from "./document-form";

const keys = Object.keys(documentForms) as DocumentSectionKey[];

describe("single-document sections as plain forms", () => {
  it.each(keys)("%s: the file's document goes into the form's fields and comes back the same", (key) => {
    const document = fileContent(key);
    const back = fromFormValues(documentForms[key], toFormValues(documentForms[key], document));
    expect(contentSections[key].schema.parse(back)).toEqual(document);
  });

  it("splits a textarea into its list: one per line, or paragraphs at an empty line; empty lines dropped", () => {
    const specs = documentForms["dress-code"];
    const values = toFormValues(specs, fileContent("dress-code"));
    const document = fromFormValues(specs, { ...values, doNotWear: "jeans\n\n  shorts  \n", reminders: "" });
    expect(document.doNotWear).toEqual(["jeans", "shorts"]);
    expect(document.reminders).toEqual([]);
    const mission = fromFormValues(documentForms.mission, {
      ...toFormValues(documentForms.mission, fileContent("mission")),
      purpose: "First paragraph\nwrapped.\n\nSecond.",
    });
    expect(mission.purpose).toEqual(["First paragraph wrapped.", "Second."]);
  });

  it("leaves an empty optional out and keeps a missing required field for its message", () => {
    const document = fromFormValues(documentForms["dress-code"], {
      attire: [{ category: "Shoes", note: "", items: "Loafers" }],
    });
    expect(document.attire).toEqual([{ category: "Shoes", items: ["Loafers"] }]);
    expect("summary" in document).toBe(true);
  });

  it("names the field of each problem with a message a person reads", () => {
    const values = toFormValues(documentForms.footer, fileContent("footer")) as {
      groups: { links: { href: string }[] }[];
    };
    values.groups[0]!.links[0]!.href = "javascript:alert(1)";
    const result = documentFormSchema("footer").safeParse(
      { intent: "document", baseVersion: "0", doc: { ...values, tagline: undefined } },
      { error: fieldMessages },
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      "doc.tagline": "Fill in this field.",
      "doc.groups.0.links.0.href": "Enter a page of the site (/...), an https:// address or a mailto: address.",
    });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { onPublicPagesInvalidated } from "~/core/page-cache.server";
import { publicPages } from "~/core/public-pages";
import { fileContent } from "~/features/content/content.server";
import { documentForms, toFormValues } from "~/features/site-editor/document-form";
import { loader as contactLoader } from "~/routes/public/contact";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as layoutLoader } from "~/routes/public/layout";
import { loader as nationalsLoader } from "~/routes/public/nationals";
import { action as sectionAction, loader as sectionLoader } from "~/routes/admin/site-section";
import { browserRequest, loadAs } from "#tests/support/accounts";
import { type TestDatabase } from "#tests/support/database";
import { siteContentTestbed } from "#tests/support/site-content";

/**
 * The site editor's field forms (decision 0039): testimonials and qualifiers one at a time in their dialogs' forms,
 * the single-document sections (home, contact, footer, mission, dress code) as plain forms, each checked with a
 * message at the field, saved into the draft and published to the public pages.
 */

const bed = siteContentTestbed("site-editor-forms");
let database: TestDatabase;
let admin: typeof bed.admin;
let coach: typeof bed.coach;
beforeAll(() => {
  ({ database, admin, coach } = bed);
});

type Answer = { status: number; data: Record<string, unknown> };

async function post(section: string, cookie: string, form: Record<string, string>): Promise<Answer> {
  try {
    const result = (await sectionAction({
      request: browserRequest(`/admin/site/${section}`, cookie, form),
      context: database.context(),
      params: { section },
    } as never)) as unknown;
    if (result instanceof Response) return { status: result.status, data: {} };
    const answer = result as { data?: Record<string, unknown>; init?: ResponseInit | null };
    return { status: answer.init?.status ?? 200, data: answer.data ?? {} };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: {} };
    return { status: (thrown as { init?: ResponseInit }).init?.status ?? 0, data: {} };
  }
}

type EditorPage = {
  liveVersion: number;
  draft: { baseVersion: number; stamp: string; changes: { place: string }[] } | null;
  order: string[];
  documentValues: Record<string, unknown> | null;
};
const editor = (section: string, cookie = coach.cookie) =>
  loadAs<EditorPage>(
    (args) => sectionLoader({ ...(args as object), params: { section } } as never),
    `/admin/site/${section}`,
    cookie,
    database.context(),
  );

async function base(section: string) {
  const page = await editor(section);
  return { baseVersion: String(page.draft?.baseVersion ?? page.liveVersion), draftStamp: page.draft?.stamp ?? "" };
}

async function publish(section: string) {
  const page = await editor(section, admin.cookie);
  return post(section, admin.cookie, { intent: "publish", draftStamp: page.draft?.stamp ?? "" });
}

/** Form values as the browser posts them: Conform's names (doc.hero.heading, doc.groups[0].links[1].href). */
function flatten(value: unknown, name: string, into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${name}[${index}]`, into));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) flatten(item, `${name}.${key}`, into);
  else into[name] = String(value ?? "");
  return into;
}

async function documentForm(section: keyof typeof documentForms, edit: (values: Record<string, string>) => void) {
  const page = await editor(section);
  const values = flatten(page.documentValues ?? toFormValues(documentForms[section], fileContent(section)), "doc");
  edit(values);
  return post(section, coach.cookie, { intent: "document", ...(await base(section)), ...values });
}

const fieldErrors = (answer: Answer, key: string) =>
  (answer.data[key] as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};

describe("testimonials and qualifiers, one at a time", () => {
  it("adds a testimonial, refuses a full name and a bad year at their fields, and removes one", async () => {
    const refused = await post("testimonials", coach.cookie, {
      intent: "testimonial",
      slug: "",
      quote: "Debate online changed my week.",
      author: "Miriam Goldberg",
      school: "Bergen Torah Academy",
      classYear: "27",
      ...(await base("testimonials")),
    });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused, "itemResult")).toMatchObject({
      author: ["First name and last initial only, e.g. Maya R."],
      classYear: ["Enter the class year, e.g. 2027."],
    });
    expect(await editor("testimonials")).toMatchObject({ draft: null });

    const added = await post("testimonials", coach.cookie, {
      intent: "testimonial",
      slug: "",
      quote: "<script>alert(1)</script> Debate online changed my week.",
      author: "Miriam G.",
      school: "Bergen Torah Academy",
      classYear: "2027",
      ...(await base("testimonials")),
    });
    expect(added.status).toBe(302);
    const authors = fileContent("testimonials").testimonials.map((item) => item.author);
    expect((await editor("testimonials")).order).toEqual([...authors, "Miriam G."]);

    const removed = await post("testimonials", coach.cookie, {
      intent: "remove-item",
      index: "0",
      name: authors[0]!,
      ...(await base("testimonials")),
    });
    expect(removed.status).toBe(302);
    // A page that shows another item at that place is refused (someone changed the list meanwhile).
    const stale = await post("testimonials", coach.cookie, {
      intent: "remove-item",
      index: "0",
      name: authors[0]!,
      ...(await base("testimonials")),
    });
    expect(stale.status).toBe(409);
    expect((await publish("testimonials")).status).toBe(302);
    const home = await loadAs<{ testimonials: { author: string; quote: string }[] }>(
      homeLoader,
      "/",
      "",
      database.context(),
    );
    expect(home.testimonials.map((item) => item.author)).toEqual([authors[1], authors[2], "Miriam G."]);
    expect(home.testimonials[2]!.quote).toBe("<script>alert(1)</script> Debate online changed my week.");
  });

  it("edits a qualifier's event from the events vocabulary; an unknown event is refused at its field", async () => {
    const first = fileContent("nationals").qualifiers[0]!;
    const form = { intent: "qualifier", slug: "0", name: first.name, school: first.school, bio: first.bio };
    const refused = await post("nationals", coach.cookie, { ...form, event: "Policy", ...(await base("nationals")) });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused, "itemResult")).toMatchObject({ event: ["Choose the event."] });
    const saved = await post("nationals", coach.cookie, {
      ...form,
      event: "Big Questions",
      ...(await base("nationals")),
    });
    expect(saved.status).toBe(302);
    expect((await editor("nationals")).draft?.changes.map((change) => change.place)).toEqual(["qualifiers 1 › event"]);
    const gone = await post("nationals", coach.cookie, {
      ...form,
      slug: "99",
      event: "Prose",
      ...(await base("nationals")),
    });
    expect(gone.status).toBe(404);
    // A user-role coach drafts; the admin publishes; the public page shows it.
    expect((await publish("nationals")).status).toBe(302);
    const page = await loadAs<{ qualifiers: { name: string; event: string }[] }>(
      nationalsLoader,
      "/2025-nationals-team",
      "",
      database.context(),
    );
    expect(page.qualifiers[0]).toMatchObject({ name: first.name, event: "Big Questions" });
  });
});

describe("single-document sections as plain forms", () => {
  it("changes the home hero's heading: draft, preview for staff, publish, the page shows it", async () => {
    const saved = await documentForm("home", (values) => {
      values["doc.hero.heading"] = "Speech and debate, any weekday";
    });
    expect(saved.status).toBe(302);
    const home = (cookie: string, query = "") =>
      loadAs<{ texts: { hero: { heading: string } }; preview: string | null }>(
        homeLoader,
        `/${query}`,
        cookie,
        database.context(),
      );
    expect((await home(coach.cookie, "?preview=home")).texts.hero.heading).toBe("Speech and debate, any weekday");
    expect((await home(coach.cookie, "?preview=home")).preview).toBe("home");
    // The live page, with the configured name in place of {siteName}.
    expect((await home("", "?preview=home")).texts.hero.heading).toBe("Citron Online District");
    expect((await publish("home")).status).toBe(302);
    expect((await home("")).texts.hero.heading).toBe("Speech and debate, any weekday");
  });

  it("names each problem at its field and saves nothing: an empty heading, a javascript: link, a long line", async () => {
    const answer = await documentForm("footer", (values) => {
      values["doc.groups[0].heading"] = "";
      values["doc.groups[0].links[1].href"] = "javascript:alert(1)";
      values["doc.tagline"] = "x".repeat(700);
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "documentResult")).toMatchObject({
      "doc.groups[0].heading": ["Fill in this field."],
      "doc.groups[0].links[1].href": ["Enter a page of the site (/...), an https:// address or a mailto: address."],
      "doc.tagline": ["At most 600 characters."],
    });
    expect((await editor("footer")).draft).toBeNull();

    const lines = await documentForm("dress-code", (values) => {
      values["doc.reminders"] = `Short.\n${"y".repeat(601)}`;
    });
    expect(fieldErrors(lines, "documentResult")).toMatchObject({ "doc.reminders[1]": ["At most 600 characters."] });
  });

  it("adds a footer link without JavaScript (the list button comes back with one more, saving nothing)", async () => {
    const page = await editor("footer");
    const values = flatten(page.documentValues, "doc");
    const insert = await post("footer", coach.cookie, {
      intent: "document",
      ...(await base("footer")),
      ...values,
      __intent__: JSON.stringify({ type: "insert", payload: { name: "doc.groups[1].links" } }),
    });
    expect(insert.status).toBe(200);
    const reply = insert.data.documentResult as { initialValue?: { doc?: { groups?: { links?: unknown[] }[] } } };
    expect(reply.initialValue?.doc?.groups?.[1]?.links).toHaveLength(7);
    expect((await editor("footer")).draft).toBeNull();
  });

  it("publishes a footer link on every public page: the footer's publish drops them all from the page cache", async () => {
    const saved = await documentForm("footer", (values) => {
      values["doc.groups[1].links[3].label"] = "Give to the district";
      values["doc.groups[1].links[3].href"] = "https://give.example.org/citron";
    });
    expect(saved.status).toBe(302);
    const dropped: (readonly string[] | undefined)[] = [];
    const stop = onPublicPagesInvalidated((paths) => dropped.push(paths));
    try {
      expect((await publish("footer")).status).toBe(302);
    } finally {
      stop();
    }
    expect(dropped).toEqual([publicPages.map((page) => page.path)]);
    const layout = await loadAs<{ footer: { groups: { links: { label: string; href: string }[] }[] } }>(
      layoutLoader,
      "/about",
      "",
      database.context(),
    );
    expect(layout.footer.groups[1]!.links).toEqual([
      { label: "Contact us", href: "/contact" },
      { label: "info@example.org", href: "mailto:info@example.org" },
      { label: "Follow us on social media", href: "https://www.instagram.com/" },
      { label: "Give to the district", href: "https://give.example.org/citron" },
      { label: "Judge for us", href: "/judge" },
      { label: "See or change your entries", href: "/entries" },
    ]);
  });

  it("edits the contact page's texts and the mission's paragraphs", async () => {
    expect(
      (
        await documentForm("contact", (values) => {
          values["doc.reply.text"] = "We reply within two days.";
        })
      ).status,
    ).toBe(302);
    const contact = (cookie: string) =>
      loadAs<{ texts: { title: string; reply: { text: string } } }>(
        contactLoader,
        "/contact?preview=contact",
        cookie,
        database.context(),
      );
    expect((await contact(coach.cookie)).texts.reply.text).toBe("We reply within two days.");
    expect((await contact("")).texts).toMatchObject({
      title: "Contact the Citron Online District",
      reply: { text: fileContent("contact").reply.text },
    });

    const mission = await documentForm("mission", (values) => {
      values["doc.purpose"] = "One paragraph.\n\nAnother paragraph.";
    });
    expect(mission.status).toBe(302);
    expect((await editor("mission")).documentValues?.purpose).toBe("One paragraph.\n\nAnother paragraph.");
  });
});

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { onPublicPagesInvalidated } from "~/core/page-cache.server";
import { PubSub } from "~/db/pubsub.server";
import { auditLog, productImages, siteContentDrafts, siteContentVersions } from "~/db/schema";
import { fileContent, setPublishedContent, teamContent } from "~/features/content/content.server";
import { loadPublishedContent, SITE_CONTENT_CHANNEL } from "~/features/site-editor/versions.server";
import { toYaml } from "~/features/site-editor/yaml-text";
import { loader as aboutLoader } from "~/routes/public/about";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as nationalsLoader } from "~/routes/public/nationals";
import { action as sectionAction, loader as sectionLoader } from "~/routes/admin/site-section";
import { action as siteAction, loader as siteLoader } from "~/routes/admin/site";
import { loader as exportLoader } from "~/routes/admin/site-export";
import { browserRequest } from "#tests/support/accounts";
import { type TestDatabase } from "#tests/support/database";
import { siteContentTestbed } from "#tests/support/site-content";

const bed = siteContentTestbed("site-editor");
let database: TestDatabase;
let admin: typeof bed.admin;
let coach: typeof bed.coach;
beforeAll(() => {
  ({ database, admin, coach } = bed);
});

type Answer = { status: number; location: string | null; data: Record<string, unknown> };

async function call(run: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = await run();
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location"), data: {} };
    const answer = result as { data?: Record<string, unknown>; init?: ResponseInit | null; type?: string };
    if (answer && answer.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, data: answer.data ?? {} };
    return { status: 200, location: null, data: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), data: {} };
    const response = thrown as { init?: ResponseInit; data?: unknown };
    return { status: response.init?.status ?? 0, location: null, data: { thrown: response.data } };
  }
}

const post = (section: string, cookie: string, form: Record<string, string>) =>
  call(() =>
    sectionAction({
      request: browserRequest(`/admin/site/${section}`, cookie, form),
      context: database.context(),
      params: { section },
    } as never),
  );
const editor = (section: string, cookie: string, query = "") =>
  call(() =>
    sectionLoader({
      request: browserRequest(`/admin/site/${section}${query}`, cookie),
      context: database.context(),
      params: { section },
    } as never),
  );
const about = async (query = "", cookie = "") =>
  (await aboutLoader({
    request: browserRequest(`/about${query}`, cookie),
    context: database.context(),
    params: {},
  } as never)) as {
    coaches: { name: string; bio: string }[];
    preview: string | null;
  };

/** The team text with the first coach renamed. */
function teamWith(name: string, bio?: string) {
  const team = structuredClone(fileContent("team"));
  team.coaches[0]!.name = name;
  if (bio) team.coaches[0]!.bio = bio;
  return toYaml(team);
}

async function saveDraft(source: string, cookie = coach.cookie) {
  const page = await editor("team", cookie);
  const data = page.data as { liveVersion: number; draft: { baseVersion: number; stamp: string } | null };
  return post("team", cookie, {
    intent: "save",
    source,
    baseVersion: String(data.draft?.baseVersion ?? data.liveVersion),
    draftStamp: data.draft?.stamp ?? "",
  });
}

async function publish(cookie = admin.cookie) {
  const page = await editor("team", cookie);
  const stamp = (page.data as { draft: { stamp: string } | null }).draft?.stamp ?? "";
  return post("team", cookie, { intent: "publish", draftStamp: stamp });
}

describe("site content: draft, preview, publish (decision 0039)", () => {
  it("shows content/ until something is published", async () => {
    expect((await about()).coaches[0]!.name).toBe(fileContent("team").coaches[0]!.name);
    const overview = await call(() =>
      siteLoader({
        request: browserRequest("/admin/site", coach.cookie),
        context: database.context(),
        params: {},
      } as never),
    );
    expect(overview.status).toBe(200);
    expect((overview.data.sections as { live: unknown }[]).every((section) => section.live === null)).toBe(true);
  });

  it("lets user-role staff save a draft and preview it, while visitors keep the live page", async () => {
    expect(await saveDraft(teamWith("Dr. Ada Draft"))).toMatchObject({ status: 302, location: "/admin/site/team" });
    expect((await about()).coaches[0]!.name).not.toBe("Dr. Ada Draft");
    // Without a session the preview query shows the live page (the page cache renders it that way too).
    expect((await about("?preview=team")).coaches[0]!.name).not.toBe("Dr. Ada Draft");
    const preview = await about("?preview=team", coach.cookie);
    expect(preview).toMatchObject({ preview: "team" });
    expect(preview.coaches[0]!.name).toBe("Dr. Ada Draft");
    // Another section's preview query does not show this draft.
    expect((await about("?preview=schools", coach.cookie)).preview).toBeNull();
  });

  it("refuses a publish by user-role staff (403) and publishes for an admin, on the page at once and audited", async () => {
    await saveDraft(teamWith("Dr. Ada Published"));
    expect((await publish(coach.cookie)).status).toBe(403);
    expect((await about()).coaches[0]!.name).not.toBe("Dr. Ada Published");

    const dropped: (readonly string[] | undefined)[] = [];
    const stop = onPublicPagesInvalidated((paths) => dropped.push(paths));
    const answer = await publish();
    stop();
    expect(answer).toMatchObject({ status: 302, location: "/admin/site/team" });
    expect(dropped).toEqual([["/about"]]);
    expect(teamContent().coaches[0]!.name).toBe("Dr. Ada Published");
    expect((await about()).coaches[0]!.name).toBe("Dr. Ada Published");
    const versions = await database.db.select().from(siteContentVersions).orderBy(siteContentVersions.version);
    expect(versions.map((row) => [row.version, row.note, row.publishedByEmail])).toEqual([
      [1, "seed from content/", "content/ files"],
      [2, "publish", "director@example.org"],
    ]);
    expect(await database.db.select().from(siteContentDrafts)).toEqual([]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "site.publish"));
    expect(audit).toMatchObject({ actorEmail: "director@example.org", details: { section: "team", version: 2 } });
  });

  it("names the field and line of a mistake, refuses empty and oversized text, and keeps what was typed", async () => {
    const broken = teamWith("Dr. Ada").replace("role: District Chair", "rol: District Chair");
    const answer = await saveDraft(broken);
    expect(answer.status).toBe(400);
    const result = answer.data.result as { error: Record<string, string[]>; initialValue: { source: string } };
    expect(result.error.source![0]).toMatch(/line \d+: coaches\.0: Unrecognized key: "rol"/);
    expect(result.initialValue.source).toContain("rol: District Chair");
    const empty = await saveDraft("   ");
    expect((empty.data.result as { error: Record<string, string[]> }).error.source).toEqual([
      "Enter the section's text.",
    ]);
    const huge = await saveDraft(teamWith("Dr. Ada", "x".repeat(40_001)));
    expect(huge.status).toBe(400);
    expect((huge.data.result as { error: Record<string, string[]> }).error.source![0]).toMatch(
      /At most 40,000 characters/,
    );
    const long = await saveDraft(teamWith("Dr. Ada", "x".repeat(3001)));
    expect((long.data.result as { error: Record<string, string[]> }).error.source![0]).toMatch(/coaches\.0\.bio/);
    expect(await database.db.select().from(siteContentDrafts)).toEqual([]);
  });

  it("keeps script text as text: it is stored and shown as characters, never markup", async () => {
    const hostile = '<script>alert("x")</script> <img src=x onerror=alert(1)>';
    await saveDraft(teamWith(hostile));
    await publish();
    expect((await about()).coaches[0]!.name).toBe(hostile);
  });

  it("refuses a stale publish with who published what, and a save over someone else's draft", async () => {
    // Two editors open the section on the live file (version 0).
    const first = (await editor("team", coach.cookie)).data as { liveVersion: number };
    await saveDraft(teamWith("Dr. First"), admin.cookie);
    await publish();
    // The second saves what they typed on the page they opened: refused, with the change named.
    const stale = await post("team", coach.cookie, {
      intent: "save",
      source: teamWith("Dr. Second"),
      baseVersion: String(first.liveVersion),
      draftStamp: "",
    });
    expect(stale.status).toBe(409);
    const message = (stale.data.result as { error: Record<string, string[]> }).error[""]![0];
    expect(message).toMatch(/Version 2 was published by director@example.org .* it changed coaches 1/);

    // A draft started on version 2, then someone restores version 1 (version 3): publishing the draft is refused.
    await saveDraft(teamWith("Dr. Third"));
    const restored = await post("team", admin.cookie, { intent: "restore", version: "1", liveVersion: "2" });
    expect(restored.status).toBe(302);
    const refused = await publish();
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatch(/Version 3 was published by director@example.org/);
    expect((await about()).coaches[0]!.name).toBe(fileContent("team").coaches[0]!.name);

    // A draft saved by someone else after the page was opened: the save is refused.
    await database.db.delete(siteContentDrafts);
    await saveDraft(teamWith("Dr. Fourth"));
    const over = await post("team", admin.cookie, {
      intent: "save",
      source: teamWith("Dr. Fifth"),
      baseVersion: "3",
      draftStamp: "",
    });
    expect(over.status).toBe(409);
  });

  it("shows the history, compares a version with the live one and restores it in one step (audited)", async () => {
    await saveDraft(teamWith("Dr. Two"));
    await publish();
    await saveDraft(teamWith("Dr. Three"));
    await publish();
    const page = (await editor("team", admin.cookie, "?compare=2")).data as {
      versions: { version: number; by: string; note: string }[];
      comparison: { version: number; changes: { place: string; before: string; after: string }[] };
    };
    expect(page.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(page.comparison).toEqual({
      version: 2,
      changes: [{ place: "coaches 1 › name", kind: "changed", before: "Dr. Two", after: "Dr. Three" }],
    });
    expect((await post("team", admin.cookie, { intent: "restore", version: "2", liveVersion: "3" })).status).toBe(302);
    expect((await about()).coaches[0]!.name).toBe("Dr. Two");
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "site.restore"));
    expect(audit!.details).toEqual({ section: "team", version: 4, restored: 2 });
    // A user-role restore changes nothing.
    expect((await post("team", coach.cookie, { intent: "restore", version: "1", liveVersion: "4" })).status).toBe(403);
    // A tampered form is a 400, an unknown section a 404.
    expect((await post("team", admin.cookie, { intent: "restore", version: "x", liveVersion: "4" })).status).toBe(400);
    expect((await editor("nope", admin.cookie)).status).toBe(404);
  });

  it("announces a publish on the site_content channel, and a fresh instance reads it from the database", async () => {
    const pubsub = new PubSub(database.notifications);
    const heard: unknown[] = [];
    await pubsub.subscribe(SITE_CONTENT_CHANNEL, (payload) => heard.push(payload));
    await saveDraft(teamWith("Dr. Everywhere"));
    await publish();
    await expect.poll(() => heard).toEqual([{ section: "team", version: 2 }]);
    await pubsub.close();
    // Another process starting now: memory empty, then loaded from the database.
    setPublishedContent("team", null);
    expect(teamContent().coaches[0]!.name).not.toBe("Dr. Everywhere");
    await loadPublishedContent(database.db);
    expect(teamContent().coaches[0]!.name).toBe("Dr. Everywhere");
  });

  it("reorders the testimonials in the draft by Move up and Move down, then publishes the new order", async () => {
    const authors = fileContent("testimonials").testimonials.map((item) => item.author);
    const move = async (index: number, direction: string) => {
      const page = (await editor("testimonials", coach.cookie)).data as {
        liveVersion: number;
        draft: { baseVersion: number; stamp: string } | null;
        order: string[];
      };
      const answer = await post("testimonials", coach.cookie, {
        intent: "move",
        index: String(index),
        direction,
        baseVersion: String(page.draft?.baseVersion ?? page.liveVersion),
        draftStamp: page.draft?.stamp ?? "",
      });
      return { answer, order: ((await editor("testimonials", coach.cookie)).data as { order: string[] }).order };
    };
    expect((await move(2, "up")).order).toEqual([authors[0], authors[2], authors[1]]);
    expect((await move(0, "down")).order).toEqual([authors[2], authors[0], authors[1]]);
    expect((await move(0, "up")).answer.status).toBe(400);
    expect((await move(2, "down")).answer.status).toBe(400);
    const page = (await editor("testimonials", admin.cookie)).data as { draft: { stamp: string } };
    expect((await post("testimonials", admin.cookie, { intent: "publish", draftStamp: page.draft.stamp })).status).toBe(
      302,
    );
    const home = (await homeLoader({
      request: browserRequest("/", ""),
      context: database.context(),
      params: {},
    } as never)) as {
      testimonials: { author: string }[];
    };
    expect(home.testimonials.map((item) => item.author)).toEqual([authors[2], authors[0], authors[1]]);
  });

  it("edits one coach and adds one school through their forms, with a message at each field", async () => {
    const base = async (section: string) => {
      const page = (await editor(section, coach.cookie)).data as {
        liveVersion: number;
        draft: { baseVersion: number; stamp: string } | null;
      };
      return { baseVersion: String(page.draft?.baseVersion ?? page.liveVersion), draftStamp: page.draft?.stamp ?? "" };
    };
    const first = fileContent("team").coaches[0]!;
    const form = new URLSearchParams({
      intent: "coach",
      slug: first.slug,
      name: "Dr. Form Edited",
      role: first.role,
      bio: "A **new** bio.",
      ...(await base("team")),
    });
    for (const specialty of first.specialties) form.append("specialties", specialty);
    const edited = await call(() =>
      sectionAction({
        request: new Request("http://localhost/admin/site/team?coach=" + first.slug, {
          method: "POST",
          headers: { Cookie: coach.cookie },
          body: form,
        }),
        context: database.context(),
        params: { section: "team" },
      } as never),
    );
    expect(edited.status).toBe(302);
    expect((await about("?preview=team", coach.cookie)).coaches[0]).toMatchObject({
      name: "Dr. Form Edited",
      bio: "A new bio.",
    });

    const refused = await post("team", coach.cookie, {
      intent: "coach",
      slug: "",
      name: "",
      role: "x".repeat(81),
      bio: "Bio",
      ...(await base("team")),
    });
    expect(refused.status).toBe(400);
    expect((refused.data.itemResult as { error: Record<string, string[]> }).error).toMatchObject({
      name: ["Enter the coach's name."],
      role: ["At most 80 characters."],
      specialties: ["Choose at least one specialty."],
    });

    const school = {
      intent: "school",
      slug: "",
      name: "Form Academy",
      state: "NJ",
      city: "Teaneck",
      description: "Added by a form.",
    };
    const badUrl = await post("schools", coach.cookie, {
      ...school,
      website: "javascript:alert(1)",
      ...(await base("schools")),
    });
    expect((badUrl.data.itemResult as { error: Record<string, string[]> }).error.website).toEqual([
      "Enter an address starting with https://.",
    ]);
    const added = await post("schools", coach.cookie, {
      ...school,
      website: "https://form-academy.example.org/",
      ...(await base("schools")),
    });
    expect(added.status).toBe(302);
    const [draft] = await database.db.select().from(siteContentDrafts).where(eq(siteContentDrafts.section, "schools"));
    expect((draft!.document as { schools: unknown[] }).schools.at(-1)).toMatchObject({
      slug: "form-academy",
      name: "Form Academy",
      logo: "/images/schools/placeholder.svg",
    });
    const again = await post("schools", coach.cookie, {
      ...school,
      website: "https://form-academy.example.org/",
      ...(await base("schools")),
    });
    expect(again.status).toBe(409);
  });

  it("renders a qualifier's Markdown bio on the server, and sends a plain bio once", async () => {
    const nationals = structuredClone(fileContent("nationals"));
    nationals.qualifiers[0]!.bio = "Placed **fifth** in [Congress](https://example.org). <script>alert(1)</script>";
    const page = (await editor("nationals", coach.cookie)).data as { liveVersion: number };
    await post("nationals", coach.cookie, {
      intent: "save",
      source: toYaml(nationals),
      baseVersion: String(page.liveVersion),
      draftStamp: "",
    });
    const shown = (await nationalsLoader({
      request: browserRequest("/2025-nationals-team?preview=nationals", coach.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      qualifiers: { bio: string; bioHtml?: string }[];
    };
    expect(shown.qualifiers[0]).toEqual(
      expect.objectContaining({
        bio: "Placed fifth in Congress. <script>alert(1)</script>",
        bioHtml:
          '<p>Placed <strong>fifth</strong> in <a href="https://example.org" rel="noopener noreferrer">Congress</a>. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
      }),
    );
    expect(shown.qualifiers[1]!.bioHtml).toBeUndefined();
  });

  it("previews and publishes the home page's testimonials", async () => {
    const testimonials = structuredClone(fileContent("testimonials"));
    testimonials.testimonials.reverse();
    const page = (await editor("testimonials", coach.cookie)).data as { liveVersion: number };
    await post("testimonials", coach.cookie, {
      intent: "save",
      source: toYaml(testimonials),
      baseVersion: String(page.liveVersion),
      draftStamp: "",
    });
    const home = async (query: string, cookie: string) =>
      (await homeLoader({
        request: browserRequest(`/${query}`, cookie),
        context: database.context(),
        params: {},
      } as never)) as {
        testimonials: { author: string }[];
        preview: string | null;
      };
    expect((await home("?preview=testimonials", coach.cookie)).testimonials[0]!.author).toBe(
      testimonials.testimonials[0]!.author,
    );
    expect((await home("?preview=testimonials", coach.cookie)).preview).toBe("testimonials");
    expect((await home("", "")).testimonials[0]!.author).toBe(fileContent("testimonials").testimonials[0]!.author);
  });
});

describe("site content: pictures through the product image pipeline (decision 0039)", () => {
  const upload = async (fields: Record<string, string>, file: File | null, section = "team") => {
    const page = (await editor(section, coach.cookie)).data as {
      liveVersion: number;
      draft: { baseVersion: number; stamp: string } | null;
    };
    const body = new FormData();
    body.set("intent", "image");
    body.set("baseVersion", String(page.draft?.baseVersion ?? page.liveVersion));
    body.set("draftStamp", page.draft?.stamp ?? "");
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (file) body.set("image", file);
    return call(() =>
      sectionAction({
        request: new Request(`http://localhost/admin/site/${section}`, {
          method: "POST",
          headers: { Cookie: coach.cookie },
          body,
        }),
        context: database.context(),
        params: { section },
      } as never),
    );
  };
  const png = async () =>
    new File(
      [
        await sharp({ create: { width: 800, height: 600, channels: 3, background: "#884422" } })
          .png()
          .toBuffer(),
      ],
      "coach.png",
      { type: "image/png" },
    );
  const errors = (answer: Answer) => (answer.data.pictureResult as { error: Record<string, string[]> }).error;

  it("puts an uploaded coach photo, re-encoded, with its alt text into the draft; published, /about shows it", async () => {
    const slug = fileContent("team").coaches[1]!.slug;
    expect(await upload({ target: slug, alt: "Coach at the lectern" }, await png())).toMatchObject({ status: 302 });
    await publish();
    const shown = (await about()).coaches[1] as unknown as { photo: { src: string; alt: string } };
    expect(shown.photo.alt).toBe("Coach at the lectern");
    expect(shown.photo.src).toMatch(/^\/product-images\/[a-f0-9]+-640\.webp$/);
    const key = shown.photo.src.replace("/product-images/", "");
    const [stored] = await database.db.select().from(productImages).where(eq(productImages.key, key));
    expect(stored).toMatchObject({ contentType: "image/webp", width: 640 });
  });

  it("puts an uploaded logo into a school's draft", async () => {
    const slug = fileContent("schools").schools[0]!.slug;
    expect(await upload({ target: slug, alt: "Crest of the academy" }, await png(), "schools")).toMatchObject({
      status: 302,
    });
    const [draft] = await database.db.select().from(siteContentDrafts);
    expect((draft!.document as { schools: { logo: string; logoAlt: string }[] }).schools[0]).toMatchObject({
      logoAlt: "Crest of the academy",
      logo: expect.stringMatching(/^\/product-images\//),
    });
  });

  it("asks for the alt text and a picture, and refuses a file that is not an image", async () => {
    const slug = fileContent("team").coaches[0]!.slug;
    const noAlt = await upload({ target: slug, alt: " " }, await png());
    expect(noAlt.status).toBe(400);
    expect(errors(noAlt).alt).toEqual(["Describe the picture for someone who cannot see it."]);
    const noFile = await upload({ target: slug, alt: "A coach" }, null);
    expect(errors(noFile).image).toEqual(["Choose a picture to upload."]);
    const script = new File(["<script>alert(1)</script>"], "photo.png", { type: "image/png" });
    const refused = await upload({ target: slug, alt: "A coach" }, script);
    expect(refused.status).toBe(422);
    expect(errors(refused).image![0]).toMatch(/file type|image/i);
    const nobody = await upload({ target: "nobody", alt: "A coach" }, await png());
    expect(nobody.status).toBe(400);
    expect(await database.db.select().from(siteContentDrafts)).toEqual([]);
  });
});

describe("site content: export and import (decision 0039)", () => {
  const importFile = (text: string, cookie = admin.cookie) => {
    const body = new FormData();
    body.set("intent", "import");
    body.set("file", new File([text], "site-content.yaml", { type: "application/yaml" }));
    return call(() =>
      siteAction({
        request: new Request("http://localhost/admin/site", { method: "POST", headers: { Cookie: cookie }, body }),
        context: database.context(),
        params: {},
      } as never),
    );
  };
  /** The sections that have a published version. */
  const publishedSections = () =>
    database.db.selectDistinct({ section: siteContentVersions.section }).from(siteContentVersions);
  const exported = async () => {
    const response = (await exportLoader({
      request: browserRequest("/admin/site/export.yaml", coach.cookie),
      context: database.context(),
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Disposition")).toContain("site-content.yaml");
    return response.text();
  };

  it("exports the live content and imports an edited export, publishing only the sections that differ", async () => {
    const text = await exported();
    expect(text).toContain("team.yaml:");
    expect(text).toContain(fileContent("team").coaches[0]!.name);
    const edited = text.replace(fileContent("team").coaches[0]!.name, "Dr. Imported");
    expect(await importFile(edited)).toMatchObject({ status: 302, location: "/admin/site" });
    expect((await about()).coaches[0]!.name).toBe("Dr. Imported");
    expect(await publishedSections()).toEqual([{ section: "team" }]);
    expect(await exported()).toContain("Dr. Imported");
  });

  it("imports an export from before the footer existed: the footer is left as it was", async () => {
    const text = await exported();
    const withoutFooter = text
      .replace(fileContent("team").coaches[0]!.name, "Dr. Older Export")
      // The section to its next one, or to the end of the file.
      .replace(/^footer\.yaml:[\s\S]*?(?=^\S|(?![\s\S]))/m, "");
    expect(withoutFooter).not.toContain("footer.yaml:");
    expect(await importFile(withoutFooter)).toMatchObject({ status: 302, location: "/admin/site" });
    expect((await about()).coaches[0]!.name).toBe("Dr. Older Export");
    expect(await publishedSections()).toEqual([{ section: "team" }]);
  });

  it("refuses a file with any problem and changes nothing; user-role staff cannot import", async () => {
    const text = await exported();
    const broken = text.replace(fileContent("team").coaches[0]!.name, "Dr. Half").replace("vision: ", "visionn: ");
    const answer = await importFile(broken);
    expect(answer.status).toBe(400);
    expect((answer.data.problems as string[]).some((problem) => problem.startsWith("mission.yaml: "))).toBe(true);
    expect(await database.db.select().from(siteContentVersions)).toEqual([]);
    expect((await importFile("{ not yaml")).status).toBe(400);
    expect((await importFile(text, coach.cookie)).status).toBe(403);
    expect(await database.db.select().from(siteContentVersions)).toEqual([]);
  });
});

import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

/**
 * Staff edit the site (decision 0039), at 390 and 1280 px, with and without JavaScript: a coach's bio and
 * photo, a new school, the testimonials' order, a new testimonial, a qualifier, the home hero and a footer link;
 * preview, publish, the public page changing, restore; hostile and oversized input. Every section touched is restored to the file's version (version 1) at the end, so the specs
 * that run after see content/ as deployed.
 */

const desktop = { width: 1280, height: 800 };
const stamp = Date.now().toString(36);
const newBio = `Dr. Miriam Feldstein now also coaches **Big Questions** (edited ${stamp}).`;

async function staff(browser: Browser, who: "admin" | "user", javaScriptEnabled: boolean, viewport = desktop) {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  const page = await context.newPage();
  await signIn(page, who, "/admin/site");
  return { context, page };
}

const editorText = (page: Page) => page.getByRole("textbox", { name: /^Text of / });

/** The first coach's bio (Dr. Miriam Feldstein's) replaced: up to the next line indented as a key or less. */
const withFirstBio = (text: string, value: string) =>
  text.replace(/(bio: )[\s\S]*?(?=\n {0,4}\S)/, (_match, head: string) => `${head}${value}`);

/** Replaces the editor's text through `edit` (opening "Edit as YAML" when it is closed), and saves the draft. */
async function editAndSave(page: Page, edit: (text: string) => string) {
  if (!(await editorText(page).isVisible())) await page.getByText("Edit as YAML").click();
  const text = await editorText(page).inputValue();
  await editorText(page).fill(edit(text));
  await page.getByRole("button", { name: "Save draft" }).click();
}

async function publish(page: Page, section: string) {
  await page.goto(`/admin/site/${section}`);
  await page.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText(/Published as version \d+/).first()).toBeVisible();
}

/** An anonymous visitor's page (the shared page cache's copy). */
async function anonymous(browser: Browser, path: string, viewport = desktop) {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

test.describe("staff edit the site", () => {
  test.describe.configure({ mode: "serial" });
  test.slow();

  test.afterAll(async ({ browser }) => {
    // Back to content/ as deployed: restore version 1 of every section this spec published, drop any draft.
    const { context, page } = await staff(browser, "admin", false);
    for (const section of ["team", "schools", "testimonials", "home", "footer", "nationals"]) {
      await page.goto(`/admin/site/${section}`);
      const discard = page.getByRole("button", { name: "Discard draft" });
      if (await discard.count()) await discard.click();
      const restore = page.getByRole("button", { name: "Restore version 1" });
      if (await restore.count()) await restore.click();
    }
    await context.close();
  });

  test("a user-role coach edits a bio and a photo without JavaScript at 390 px, previews it; visitors still see the old page", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "user", false, phone);
    await page.getByRole("link", { name: "Team (coaches and boards)" }).click();
    await expect(page.getByRole("heading", { name: "Team (coaches and boards)", level: 1 })).toBeVisible();
    await editAndSave(page, (text) => withFirstBio(text, JSON.stringify(newBio)));
    await expect(page.getByText("Saved by coach@example.org")).toBeVisible();
    await expect(page.getByText("An admin publishes drafts.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish draft" })).toHaveCount(0);

    // The coach's own form, a page section without JavaScript: a field left empty is named, then the save goes through.
    await page.getByRole("link", { name: "Edit Dr. Miriam Feldstein" }).click();
    const coachForm = page.getByRole("region", { name: "Edit Dr. Miriam Feldstein" });
    await coachForm.getByRole("textbox", { name: "Role" }).fill("");
    await coachForm.getByRole("button", { name: "Save to the draft" }).click();
    await expect(
      page.getByRole("region", { name: "Edit Dr. Miriam Feldstein" }).getByText("Enter the coach's role."),
    ).toBeVisible();
    await page
      .getByRole("region", { name: "Edit Dr. Miriam Feldstein" })
      .getByRole("textbox", { name: "Role" })
      .fill(`District Chair (${stamp})`);
    await page
      .getByRole("region", { name: "Edit Dr. Miriam Feldstein" })
      .getByRole("button", { name: "Save to the draft" })
      .click();
    await expect(page.getByText(`District Chair (${stamp})`).first()).toBeVisible();

    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();
    const pictures = page.getByRole("region", { name: "Coach photo" });
    await pictures.getByLabel("Coach").selectOption({ label: "Dr. Miriam Feldstein" });
    await pictures.getByLabel("Picture").setInputFiles({ name: "miriam.jpg", mimeType: "image/jpeg", buffer: photo });
    // No alt text: the server says so at the field, and keeps nothing.
    await pictures.getByRole("button", { name: "Upload into the draft" }).click();
    await expect(page.getByText("Describe the picture for someone who cannot see it.")).toBeVisible();
    const again = page.getByRole("region", { name: "Coach photo" });
    await again.getByLabel("Coach").selectOption({ label: "Dr. Miriam Feldstein" });
    await again.getByLabel("Picture").setInputFiles({ name: "miriam.jpg", mimeType: "image/jpeg", buffer: photo });
    await again.getByRole("textbox", { name: "Alt text" }).fill("Dr. Feldstein judging a round");
    await again.getByRole("button", { name: "Upload into the draft" }).click();
    await expect(page.getByText("coaches 1 › photo › alt (added)")).toBeVisible();

    await page.getByRole("link", { name: "Preview /about" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Preview" })).toBeVisible();
    await expect(page.getByText("Big Questions").first()).toBeVisible();
    await expect(page.getByRole("img", { name: "Dr. Feldstein judging a round" })).toBeVisible();

    const visitor = await anonymous(browser, "/about?preview=team", phone);
    await expect(visitor.page.getByText("Big Questions")).toHaveCount(0);
    await expect(visitor.page.getByRole("status").filter({ hasText: "Preview" })).toHaveCount(0);
    await visitor.context.close();
    await context.close();
  });

  test("an admin publishes with JavaScript at 1280 px and the public page changes; bold is rendered, the photo shown", async ({
    browser,
  }) => {
    const visitor = await anonymous(browser, "/about");
    await expect(visitor.page.getByText("Big Questions")).toHaveCount(0);
    const { context, page } = await staff(browser, "admin", true);
    await page.goto("/admin/site/team");
    await expect(page.getByText("What publishing the draft changes")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await publish(page, "team");
    await visitor.page.reload();
    await expect(visitor.page.locator("strong", { hasText: "Big Questions" })).toBeVisible();
    await expect(visitor.page.getByRole("img", { name: "Dr. Feldstein judging a round" })).toBeVisible();
    await visitor.context.close();
    await context.close();
  });

  test("an admin adds a school in its dialog with JavaScript at 390 px; a missing field is named at the field", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "admin", true, phone);
    await page.goto("/admin/site/schools");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add a school" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a school" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`E2E Academy ${stamp}`);
    await dialog.getByLabel("State").first().selectOption("NJ");
    await dialog.getByRole("textbox", { name: "City" }).fill("Teaneck");
    await dialog.getByRole("textbox", { name: "Website" }).fill("http://not-https.example.org/");
    await dialog.getByRole("textbox", { name: "Description" }).fill("A school added by the browser tests.");
    await dialog.getByRole("button", { name: "Save to the draft" }).click();
    await expect(dialog.getByText("Enter an address starting with https://.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Website" }).fill("https://e2e-academy.example.org/");
    await dialog.getByRole("button", { name: "Save to the draft" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Saved by director@example.org")).toBeVisible();
    await publish(page, "schools");
    const visitor = await anonymous(browser, "/schools", phone);
    await expect(visitor.page.getByText(`E2E Academy ${stamp}`)).toBeVisible();
    await visitor.context.close();
    await context.close();
  });

  test("testimonials are reordered by keyboard-operable buttons without JavaScript, previewed on /, then published", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "admin", false);
    await page.goto("/admin/site/testimonials");
    const order = page.getByRole("region", { name: "Order on the page" });
    const first = (await order.getByRole("listitem").first().innerText()).replace(/^1\.\s*/, "").trim();
    const last = (await order.getByRole("listitem").last().innerText()).replace(/^\d+\.\s*/, "").trim();
    await order.getByRole("button", { name: `Move ${last} up` }).click();
    await page
      .getByRole("region", { name: "Order on the page" })
      .getByRole("button", { name: `Move ${last} up` })
      .click();
    await expect(page.getByRole("region", { name: "Order on the page" }).getByRole("listitem").first()).toContainText(
      last,
    );

    await page.goto("/?preview=testimonials");
    await expect(page.getByRole("status").filter({ hasText: "Preview" })).toBeVisible();
    await expect(page.locator("figcaption").first()).toContainText(last);

    await publish(page, "testimonials");
    const visitor = await anonymous(browser, "/");
    const home = await visitor.page.content();
    expect(home.indexOf(last)).toBeLessThan(home.indexOf(first));
    await visitor.context.close();
    await context.close();
  });

  test("hostile and oversized input: script shows as text, links only http(s)/mailto, messages at the field, nothing published", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await staff(browser, "admin", javaScriptEnabled, javaScriptEnabled ? phone : desktop);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto("/admin/site/team");
      // With JavaScript, React must hold the form before it is typed into (or hydration may put the text back).
      if (javaScriptEnabled) await waitForHydration(page);
      // Oversized: a bio of 3,001 characters is refused with its field and line named.
      await editAndSave(page, (text) => withFirstBio(text, "x".repeat(3001)));
      await expect(page.getByText(/line \d+: coaches\.0\.bio: Too big/)).toBeVisible();
      // A misspelt field: named with its line.
      await editAndSave(page, (text) => text.replace("role: District Chair", "rol: District Chair"));
      await expect(page.getByText(/coaches\.0: Unrecognized key: "rol"/)).toBeVisible();
      // Hostile: script and a javascript: link are stored as text and shown as text.
      const hostile = `<script>alert('x')</script> [click](javascript:alert(1)) <img src=x onerror=alert(2)> ${stamp}`;
      await editAndSave(page, (text) =>
        withFirstBio(text.replace("rol: District Chair", "role: District Chair"), JSON.stringify(hostile)),
      );
      await expect(page.getByText("Saved by director@example.org")).toBeVisible();
      await page.goto("/about?preview=team");
      await expect(page.getByText(`<script>alert('x')</script>`, { exact: false }).first()).toBeVisible();
      await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
      await expect(page.locator("img[src=x]")).toHaveCount(0);
      expect(dialogs).toEqual([]);
      await page.goto("/admin/site/team");
      await page.getByRole("button", { name: "Discard draft" }).click();
      await expect(page.getByText("No draft.")).toBeVisible();
      await context.close();
    }
  });

  test("history: compare with live and restore the previous version with JavaScript at 1280 px; the public page goes back", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "admin", true);
    await page.goto("/admin/site/team");
    await page.getByRole("link", { name: "Compare with live" }).first().click();
    await expect(page.getByText(/Version 1 compared with the live version/)).toBeVisible();
    await expect(page.locator("ins", { hasText: "Big Questions" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByText(/Version 1 restored as version \d+/).first()).toBeVisible();
    const visitor = await anonymous(browser, "/about");
    await expect(visitor.page.getByText("Big Questions")).toHaveCount(0);
    await expect(visitor.page.getByText("Dr. Miriam Feldstein").first()).toBeVisible();
    await visitor.context.close();
    await context.close();
  });
  test("an admin changes the home hero's heading and a footer link with JavaScript at 1280 px, previews, publishes; every page shows them", async ({
    browser,
  }) => {
    const heading = `Speech and debate, any weekday ${stamp}`;
    const { context, page } = await staff(browser, "admin", true);
    await page.goto("/admin/site/home");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    const hero = page.getByRole("group", { name: "Hero" });
    await hero.getByRole("textbox", { name: "Heading", exact: true }).fill(heading);
    await page.getByRole("button", { name: "Save to the draft" }).click();
    await expect(page.getByText("Saved by director@example.org")).toBeVisible();
    await page.getByRole("link", { name: "Preview /" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Preview" })).toBeVisible();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();

    await page.goto("/admin/site/footer");
    await waitForHydration(page);
    const donate = page.getByRole("group", { name: "Group 2" }).getByRole("group", { name: "Link 4" });
    await donate.getByRole("textbox", { name: "Label" }).fill(`Support us ${stamp}`);
    await page.getByRole("button", { name: "Save to the draft" }).click();
    await expect(page.getByText("Saved by director@example.org")).toBeVisible();
    await page.getByRole("link", { name: "Preview /" }).click();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: `Support us ${stamp}` })).toBeVisible();

    const visitor = await anonymous(browser, "/");
    await expect(visitor.page.getByRole("heading", { name: heading })).toHaveCount(0);
    await publish(page, "home");
    await publish(page, "footer");
    await visitor.page.reload();
    await expect(visitor.page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(
      visitor.page.getByRole("contentinfo").getByRole("link", { name: `Support us ${stamp}` }),
    ).toHaveAttribute("href", "/donate");
    // The footer is on every public page: a cached /schools shows the new link too.
    await visitor.page.goto("/schools");
    await expect(
      visitor.page.getByRole("contentinfo").getByRole("link", { name: `Support us ${stamp}` }),
    ).toBeVisible();
    await visitor.context.close();
    await context.close();
  });

  test("a testimonial is added through its dialog without JavaScript at 390 px; a full name is refused at the field", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "admin", false, phone);
    await page.goto("/admin/site/testimonials");
    await page.getByRole("link", { name: "Add a testimonial" }).click();
    const form = () => page.getByRole("region", { name: "Add a testimonial" });
    await form().getByRole("textbox", { name: "Quote" }).fill(`Online rounds fit my week (${stamp}).`);
    await form().getByRole("textbox", { name: "Student" }).fill("Ariel Katz");
    await form().getByRole("textbox", { name: "School" }).fill("Bergen Torah Academy");
    await form().getByRole("textbox", { name: "Class of" }).fill("2028");
    await form().getByRole("button", { name: "Save to the draft" }).click();
    await expect(form().getByText("First name and last initial only, e.g. Maya R.")).toBeVisible();
    await form().getByRole("textbox", { name: "Student" }).fill("Ariel K.");
    await form().getByRole("button", { name: "Save to the draft" }).click();
    await expect(page.getByText("Saved by director@example.org")).toBeVisible();
    await expect(page.getByRole("region", { name: "Order on the page" }).getByRole("listitem").last()).toContainText(
      "Ariel K.",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.goto("/?preview=testimonials");
    await expect(page.getByText(`Online rounds fit my week (${stamp}).`)).toBeVisible();
    await context.close();
  });

  test("a qualifier's event and bio are edited in the dialog with JavaScript at 1280 px and published", async ({
    browser,
  }) => {
    const { context, page } = await staff(browser, "admin", true);
    await page.goto("/admin/site/nationals");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    const first = page
      .getByRole("region", { name: "Qualifiers" })
      .getByRole("link", { name: /^Edit / })
      .first();
    const name = ((await first.getAttribute("aria-label")) ?? "").replace(/^Edit /, "");
    await first.click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Event").selectOption("Big Questions");
    await dialog.getByRole("textbox", { name: "Bio" }).fill(`Now also competes in **Big Questions** (${stamp}).`);
    await dialog.getByRole("button", { name: "Save to the draft" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("qualifiers 1 › event")).toBeVisible();
    await publish(page, "nationals");
    const visitor = await anonymous(browser, "/2025-nationals-team");
    await expect(visitor.page.getByText(`(${stamp})`)).toBeVisible();
    await visitor.context.close();
    await context.close();
  });

  test("hostile text in the plain forms: a javascript: footer link is refused at its field, a script tag shows as text", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await staff(browser, "admin", javaScriptEnabled, phone);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto("/admin/site/footer");
      if (javaScriptEnabled) await waitForHydration(page);
      const link = page.getByRole("group", { name: "Group 1" }).getByRole("group", { name: "Link 1" });
      await link.getByRole("textbox", { name: "Address" }).fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save to the draft" }).click();
      const address = page
        .getByRole("group", { name: "Group 1" })
        .getByRole("group", { name: "Link 1" })
        .getByRole("textbox", { name: "Address" });
      await expect(address).toHaveAccessibleDescription(
        /Enter a page of the site \(\/\.\.\.\), an https:\/\/ address or a mailto: address\./,
      );
      await expect(page.getByText("No draft.")).toBeVisible();

      await page.goto("/admin/site/home");
      if (javaScriptEnabled) await waitForHydration(page);
      await page
        .getByRole("group", { name: "Hero" })
        .getByRole("textbox", { name: "Heading", exact: true })
        .fill(`<script>alert('x')</script> ${stamp}`);
      await page.getByRole("button", { name: "Save to the draft" }).click();
      await expect(page.getByText("Saved by director@example.org")).toBeVisible();
      await page.goto("/?preview=home");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`<script>alert('x')</script> ${stamp}`);
      expect(dialogs).toEqual([]);
      await page.goto("/admin/site/home");
      await page.getByRole("button", { name: "Discard draft" }).click();
      await expect(page.getByText("No draft.")).toBeVisible();
      await context.close();
    }
  });
});

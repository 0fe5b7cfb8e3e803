// Decision 0040: tournament registration as a parent and a staff member see it, at 390 px and 1280 px, with and
// without JavaScript: an event filling up, a partnered entry with a typed school merged by staff, a drop with a
// refund, a message to registrants received, and a window that closes (its last day moved by the setting).
// Decision 0046: first and last names apart, the Tabroom files (each event's and the zip) read by Tabroom's rules,
// and staff confirming an old entry's name.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { e2eEventsYear } from "../support/events-sheet";
import { importTabroomEntries } from "../support/tabroom-importer";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Hybrid Multi Event Tournament";
const ENTRY = "Citron Tournament Entry Fee";
const CAPPED = "Original Oratory";
const MEMBER = { name: "Ohr Chaim Academy", code: "OCA" };
const run = Date.now().toString(36);
const capped = { first: "Oren", last: `Tal-${run}`, student: `Oren Tal-${run}`, email: `oo-${run}@example.com` };
const team = {
  first: "Pía Rose",
  last: `O'Forum${run}`,
  student: `Pía Rose O'Forum${run}`,
  partner: ["Ben", `Cho${run}`] as const,
  email: `pf-${run}@example.com`,
};
const typedSchool = `Yeshiva U HS ${run}`;
/** The tournament's row id on the sheet, as the form posts it (read in the first test). */
let scheduleEventId = "";

const cart = (page: Page) => page.locator("#your-cart");
// The sheet's date of the tournament (tests/fixtures/events-e2e.csv, moved to this run's year).
const TOURNAMENT_LABEL = `${TOURNAMENT} (Sun, Mar 28, ${e2eEventsYear()})`;

/** The admin's tournament page, from the list (a link, as staff reach it). */
async function openTournament(page: Page) {
  await page.goto("/admin/tournaments");
  await page.getByRole("link", { name: TOURNAMENT }).click();
  await expect(page.getByRole("heading", { level: 1, name: TOURNAMENT })).toBeVisible();
}

async function saveSettings(page: Page, change: (page: Page) => Promise<void>) {
  await openTournament(page);
  await change(page);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
}

/** A parent without JavaScript: the registration form in the page, the summary page, the sandbox's Pay. */
async function registerWithoutJs(
  browser: Browser,
  viewport: { width: number; height: number },
  email: string,
  fill: (form: ReturnType<Page["locator"]>) => Promise<void>,
  inCart: string,
) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  const page = await context.newPage();
  await page.goto("/fees");
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const form = page.locator("#register");
  await fill(form);
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await expect(page).toHaveURL(/\/fees#your-cart$/);
  await expect(cart(page)).toContainText(inCart);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Payment" })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await context.close();
}

test("an event filling up: staff cap it, a parent takes the last place, then it shows full and is refused (1280 px, JavaScript)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(desktop);
  await signIn(page, "admin", "/admin/tournaments");
  await expect(page.getByRole("row").filter({ hasText: TOURNAMENT })).toContainText("Open, closes");
  await saveSettings(page, async (admin) => {
    await admin.getByLabel(`Cap for ${CAPPED}`).fill("1");
  });
  await expectNoSeriousA11yViolations(page);

  // A parent registers the last place, choosing a member school, and pays in the sandbox.
  const parent = await browser.newPage({ viewport: desktop });
  await parent.goto("/fees");
  await startScripts(parent);
  await expect(parent.locator('input[name="js"]').first()).toBeAttached();
  await parent.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const dialog = parent.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Student's first name" }).fill(capped.first);
  await dialog.getByRole("textbox", { name: "Student's last name" }).fill(capped.last);
  await dialog.getByRole("combobox", { name: "Member school", exact: true }).selectOption({ label: MEMBER.name });
  await expect(dialog.getByRole("textbox", { name: "Student's school" })).toHaveCount(0);
  await dialog.getByRole("combobox", { name: "Tournament" }).selectOption({ label: TOURNAMENT_LABEL });
  await expect(dialog.getByText(/^Registration closes [A-Z][a-z]{2} \d{1,2}\.$/)).toBeVisible();
  await dialog.getByRole("combobox", { name: "Competition event" }).selectOption({ label: CAPPED });
  await expect(dialog.getByRole("group", { name: /Partner/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(cart(parent).getByRole("listitem").filter({ hasText: capped.student })).toBeVisible();
  await parent.getByRole("textbox", { name: "Email" }).fill(capped.email);
  await parent.getByRole("button", { name: "Proceed to Checkout" }).click();
  const pay = parent.getByRole("dialog", { name: "Complete Your Payment" });
  const [sandbox] = await Promise.all([
    parent.context().waitForEvent("page"),
    pay.getByRole("link", { name: /Proceed to Payment/ }).click(),
  ]);
  await sandbox.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(sandbox.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const confirmation = await waitForEmail(capped.email, { subject: /Your order/ });
  expect(confirmation).toContain(`${capped.student} is registered for ${CAPPED} at ${TOURNAMENT}`);
  expect(confirmation).toMatch(/, entry code \d{3,}\./);
  expect(confirmation).toContain("Questions about a registration? Reply to this email or write to");

  // The next parent sees it full; a post made anyway is refused by the server.
  await parent.goto("/fees");
  await startScripts(parent);
  await expect(parent.locator('input[name="js"]').first()).toBeAttached();
  await parent.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  await parent
    .getByRole("dialog")
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: TOURNAMENT_LABEL });
  const full = parent.getByRole("dialog").getByRole("option", { name: `${CAPPED} (full)` });
  await expect(full).toBeDisabled();
  const productId = new URL(parent.url()).searchParams.get("register")!;
  const scheduleEvent = await parent.getByRole("dialog").getByRole("combobox", { name: "Tournament" }).inputValue();
  scheduleEventId = scheduleEvent;
  const refused = await parent.request.post("/fees", {
    form: {
      intent: "add",
      productId,
      studentFirst: "Late",
      studentLast: "Comer",
      studentSchool: "Riverside",
      scheduleEvent,
      competitionEvent: CAPPED,
    },
    headers: { Origin: new URL(parent.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(`${CAPPED} at ${TOURNAMENT} is full.`);
  await parent.close();

  // Staff see the count against the cap.
  await openTournament(page);
  await expect(page.getByRole("region", { name: CAPPED })).toContainText("1 of 1 places taken (full)");
});

test("a partnered entry with a typed school (390 px, no JavaScript), merged by staff into a member school (390 px, no JavaScript)", async ({
  browser,
}) => {
  await registerWithoutJs(
    browser,
    phone,
    team.email,
    async (form) => {
      await form.getByRole("textbox", { name: "Student's first name" }).fill(team.first);
      await form.getByRole("textbox", { name: "Student's last name" }).fill(team.last);
      await form
        .getByRole("combobox", { name: "Member school", exact: true })
        .selectOption({ label: "Other (type the name)" });
      await form.getByRole("textbox", { name: "Student's school" }).fill(typedSchool);
      await form.getByRole("combobox", { name: "Tournament" }).selectOption({ label: TOURNAMENT_LABEL });
      await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: "Public Forum (PF)" });
      // Without JavaScript the partner's fields are always there, and a team event needs them: first refused.
      await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
      await expect(form.getByRole("alert")).toContainText("Please enter your partner's first name");
      await form.getByRole("combobox", { name: "Tournament" }).selectOption({ label: TOURNAMENT_LABEL });
      await form.getByRole("textbox", { name: "Partner's first name" }).fill(team.partner[0]);
      await form.getByRole("textbox", { name: "Partner's last name" }).fill(team.partner[1]);
    },
    `Partner:${team.partner.join(" ")}`,
  );
  const confirmation = await waitForEmail(team.email, { subject: /Your order/ });
  // (The raw message is quoted-printable: the accented first name is matched in the Tabroom file below instead.)
  expect(confirmation).toContain(`and ${team.partner.join(" ")} (${typedSchool}) are registered for Public Forum (PF)`);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await signIn(page, "admin", "/admin/tournaments");
  await openTournament(page);
  const row = page
    .getByRole("region", { name: "Public Forum (PF)" })
    .getByRole("row")
    .filter({ hasText: team.student });
  await expect(row).toContainText(team.partner.join(" "));
  await expect(row).toContainText(`${typedSchool} (typed)`);
  await expect(row).toContainText(team.email);
  await page.getByLabel("Typed school").selectOption({ label: `${typedSchool} (1)` });
  await page.getByLabel("Member school", { exact: true }).selectOption({ label: `${MEMBER.name} (${MEMBER.code})` });
  await page.getByRole("button", { name: "Merge" }).click();
  // (The notice is a toast; without JavaScript its <noscript> twin is not rendered by Playwright.)
  await expect(row).toContainText(`${MEMBER.name} (${MEMBER.code})`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The Tabroom files, without JavaScript at 390 px: the event's file and the zip, read by Tabroom's rules.
  const panel = page.getByRole("region", { name: "Tabroom files" });
  await expect(panel).toContainText(
    "To import: in Tabroom, Entries, Import from CSV, choose the event, upload its file.",
  );
  await expect(panel).toContainText("Pía Rose as Pia Rose");
  const link = panel.getByRole("link", { name: /^Download PF-\d{4}-\d{2}-\d{2}\.csv for Tabroom/ });
  const file = await page.request.get((await link.getAttribute("href"))!);
  const bytes = new Uint8Array(await file.body());
  const { entries, skipped } = importTabroomEntries(bytes);
  expect(skipped.map((line) => line.reason)).toEqual(["header"]);
  const ours = entries.find((entry) => entry.students[1]?.last === team.partner[1]);
  expect(ours).toMatchObject({
    school: MEMBER.name,
    state: "NY",
    students: [
      { first: "Pia Rose", last: team.last },
      { first: team.partner[0], last: team.partner[1] },
    ],
  });
  expect(ours!.code).toMatch(/^\d{3,}$/);
  const zip = await page.request.get(
    (await panel.getByRole("link", { name: "All events for Tabroom (zip)" }).getAttribute("href"))!,
  );
  expect(zip.headers()["content-type"]).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await zip.body()));
  const name = (await link.getAttribute("download"))!;
  expect(strFromU8(files[name]!)).toBe(new TextDecoder().decode(bytes));
  for (const [inZip, content] of Object.entries(files)) {
    expect(inZip).toMatch(/^[A-Z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(importTabroomEntries(content).skipped.map((line) => line.reason)).toEqual(["header"]);
  }
  await context.close();
});

test("a drop with a refund frees the place (1280 px, JavaScript); a message to registrants arrives (1280 px)", async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  await signIn(page, "admin", "/admin/tournaments");
  await openTournament(page);
  const row = page.getByRole("region", { name: CAPPED }).getByRole("row").filter({ hasText: capped.student });
  // Decision 0050: Drop asks first; before the close the policy's amount (the default) is the whole fee.
  await row.getByRole("button", { name: `Drop ${capped.student} (${CAPPED})` }).click();
  await page.getByTestId("staff-drop-confirm").getByRole("button", { name: "Confirm drop" }).click();
  await expect(page.getByText(/was dropped and \$[\d.]+ was refunded\./).first()).toBeVisible();
  await expect(row).toContainText("dropped");
  // The code stays; the Tabroom files leave the entry out and say why.
  await expect(row.getByRole("cell").first()).toHaveText(/^\d{3,}$/);
  await expect(page.getByRole("region", { name: "Tabroom files" })).toContainText(`${capped.student}, ${CAPPED}`);
  // The downloads as the browser saves them (1280 px, JavaScript): the zip and the event's file, by Tabroom's rules.
  const panel = page.getByRole("region", { name: "Tabroom files" });
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "All events for Tabroom (zip)" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^tabroom-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  const [pf] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: /^Download PF-.*for Tabroom/ }).click(),
  ]);
  const pfBytes = new Uint8Array(readFileSync((await pf.path())!));
  expect(strFromU8(files[pf.suggestedFilename()]!)).toBe(strFromU8(pfBytes));
  expect(importTabroomEntries(pfBytes).entries.some((entry) => entry.students[0]?.last === team.last)).toBe(true);
  await expect(page.getByRole("region", { name: CAPPED })).toContainText("0 of 1 places taken");
  const refund = await waitForEmail(capped.email, { subject: /refund/i });
  expect(refund).toMatch(/\$[\d.]+/);

  // Message everyone registered: preview with the count, then send (confirming it); it arrives through the outbox.
  const subject = `Room change ${run}`;
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill("Public Forum round one moves to room 204.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText(/^Preview: this goes to \d+ address(es)?, one email each\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The Send button names the count it confirms (decision 0044).
  await page.getByRole("button", { name: /^Send to \d+ address(es)?$/ }).click();
  await expect(page.getByText(/^Queued for \d+ address(es)?, one email each\.$/).first()).toBeVisible();
  const message = await waitForEmail(team.email, { subject: new RegExp(subject) });
  expect(message).toContain("Public Forum round one moves to room 204.");
});

test("a window that closes: its last day set to yesterday, the tournament leaves /fees (390 and 1280 px, no JavaScript) and the server refuses it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(desktop);
  await signIn(page, "admin", "/admin/tournaments");
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  await saveSettings(page, async (admin) => {
    await admin.getByLabel("Last day to register").fill(yesterday);
  });
  await page.goto("/admin/tournaments");
  await expect(page.getByRole("row").filter({ hasText: TOURNAMENT })).toContainText("Closed");

  for (const viewport of [phone, desktop]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const parent = await context.newPage();
    await parent.goto("/fees");
    await parent.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    const form = parent.locator("#register");
    const tournaments = await form.getByRole("combobox", { name: "Tournament" }).locator("option").allTextContents();
    expect(tournaments.some((label) => label.startsWith(TOURNAMENT))).toBe(false);
    expect(tournaments.some((label) => label.startsWith("Winter Speech Tournament"))).toBe(true);
    // A form kept from before, posted anyway: the server refuses it with the day it closed.
    const productId = new URL(parent.url()).searchParams.get("register")!;
    const refused = await parent.request.post("/fees", {
      form: {
        intent: "add",
        productId,
        studentFirst: "Late",
        studentLast: "Comer",
        studentSchool: "Riverside",
        scheduleEvent: scheduleEventId,
        competitionEvent: "Lincoln-Douglas (LD)",
      },
      headers: { Origin: new URL(parent.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(`Registration for ${TOURNAMENT} closed on `);
    await context.close();
  }

  // Open again for the other browser tests (they expect every tournament offered).
  await saveSettings(page, async (admin) => {
    await admin.getByLabel("Last day to register").fill("");
    await admin.getByLabel(`Cap for ${CAPPED}`).fill("");
  });
  await page.goto("/admin/tournaments");
  await expect(page.getByRole("row").filter({ hasText: TOURNAMENT })).toContainText("Open, closes");
});

test("on a 390 px phone with JavaScript the partner's fields follow the event, and the dialog fits", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto("/fees");
  await startScripts(page);
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const dialog = page.getByRole("dialog");
  const box = await dialog.boundingBox();
  expect(box && box.width <= phone.width).toBe(true);
  const event = dialog.getByRole("combobox", { name: "Competition event" });
  await expect(dialog.getByRole("group", { name: /Partner/ })).toHaveCount(0);
  await event.selectOption({ label: "Policy Debate" });
  await expect(dialog.getByRole("group", { name: /Partner \(a team of two\)/ })).toBeVisible();
  await event.selectOption({ label: "Big Questions" });
  await expect(dialog.getByRole("group", { name: /optional in Big Questions/ })).toBeVisible();
  await event.selectOption({ label: "Original Oratory" });
  await expect(dialog.getByRole("group", { name: /Partner/ })).toHaveCount(0);
  // Other shows the typed school; a member school hides it.
  const school = dialog.getByRole("combobox", { name: "Member school", exact: true });
  await school.selectOption({ label: "Other (type the name)" });
  await expect(dialog.getByRole("textbox", { name: "Student's school" })).toBeVisible();
  await school.selectOption({ label: MEMBER.name });
  await expect(dialog.getByRole("textbox", { name: "Student's school" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

for (const [label, viewport, javaScriptEnabled, name, parts] of [
  ["390 px, no JavaScript", phone, false, "Rivka Bat Sheva Stein", ["Rivka Bat Sheva", "Stein"]],
  ["1280 px, JavaScript", desktop, true, "Noam Ben David", ["Noam", "Ben David"]],
] as const) {
  test(`staff confirm an old entry's first and last name (${label})`, async ({ browser }) => {
    // The demo's past tournament has two entries made when the name was one field (app/features/orders/demo-seed).
    const context = await browser.newContext({ javaScriptEnabled, viewport });
    const page = await context.newPage();
    await signIn(page, "admin", "/admin/tournaments");
    await page.getByRole("link", { name: "Citron Fall Invitational" }).click();
    if (javaScriptEnabled) await startScripts(page);
    const row = page.getByRole("region", { name: "Original Oratory" }).getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Name to confirm");
    await expect(page.getByRole("region", { name: "Tabroom files" })).toContainText(/names? to confirm/);
    // Checked before the confirmation, not under its toast while it fades in.
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    await row.getByLabel("First name").fill(parts[0]);
    await row.getByLabel("Last name").fill(parts[1]);
    await row.getByRole("button", { name: `Confirm the name of ${name}` }).click();
    await expect(row.getByRole("button", { name: `Confirm the name of ${name}` })).toHaveCount(0);
    await expect(row).not.toContainText("Name to confirm");
    await expect(row).toContainText(name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}

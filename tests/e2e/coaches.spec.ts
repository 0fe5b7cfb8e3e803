// Decision 0054: a member school's coach, at 390 px without JavaScript and 1280 px with it: staff invite the coach
// (from Users, and from Site content's schools), the coach accepts the single-use link, signs in, lands on their
// season, opens a tournament of their school's entries and downloads them as CSV; another school's entry is not there.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, signInThroughForm, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Hybrid Multi Event Tournament";
const ENTRY = "Citron Tournament Entry Fee";
const SCHOOL = "Ohr Chaim Academy";
const run = Date.now().toString(36);
const PASSWORD = "Clipboard!Coach27";

/** A parent without JavaScript registers one entry for `school` (a member school, or typed) and pays. */
async function payEntry(browser: Browser, student: string, school: string) {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fees");
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const form = page.locator("#register");
  await form.getByRole("textbox", { name: "Student's first name" }).fill(student.split(" ")[0]!);
  await form.getByRole("textbox", { name: "Student's last name" }).fill(student.split(" ")[1]!);
  const member = form.getByRole("combobox", { name: "Member school", exact: true });
  if (school === SCHOOL) await member.selectOption({ label: SCHOOL });
  else {
    await member.selectOption({ label: "Other (type the name)" });
    await form.getByRole("textbox", { name: "Student's school" }).fill(school);
  }
  await form
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: `${TOURNAMENT} (Sun, Mar 28, ${e2eEventsYear()})` });
  await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: "Lincoln-Douglas (LD)" });
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(`parent-${student.split(" ")[1]!.toLowerCase()}@example.com`);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await context.close();
}

/** Staff invite `email` to coach the school from the Coaches card of `page` (Users, or Site content's schools). */
async function invite(staff: Page, email: string) {
  const card = staff.getByRole("form", { name: "Invite a coach" });
  await card.getByRole("textbox", { name: "Coach's email" }).fill(email);
  await card.getByRole("checkbox", { name: SCHOOL }).check();
  await card.getByRole("button", { name: "Invite a coach" }).click();
  await expect(staff.getByRole("list", { name: "Schools' coaches" })).toContainText(`Invited: ${email}`);
}

/** The path of the link in the invitation's email. */
async function invitationLink(email: string) {
  const mail = await waitForEmail(email, { subject: /You are invited to coach/ });
  return new URL(/https?:\/\/\S+\/coach\/invitation\/[A-Za-z0-9_-]+/.exec(mail)![0]!).pathname;
}

/** The coach accepts, signs in through the form and lands on their season. */
async function acceptAndSignIn(page: Page, link: string, email: string, name: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Coach invitation" })).toBeVisible();
  await expect(page.getByText(`You are invited to coach ${SCHOOL}`)).toBeVisible();
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
  await page.locator("#coach-password").fill(PASSWORD);
  await page.locator("#coach-password-again").fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  // To the sign-in screen, which will send the coach on to /coach.
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcoach$/);
  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This invitation was already used or withdrawn.")).toBeVisible();
  await signInThroughForm(page, email, PASSWORD, "/coach");
  await expect(page.getByRole("heading", { level: 1, name: "Your season" })).toBeVisible();
}

/** The season shows the tournament with the school's entries; its page lists ours and not the other school's. */
async function seasonAndTournament(page: Page, ours: string, theirs: string) {
  const tournament = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: TOURNAMENT }) });
  await expect(tournament.getByText(/Lincoln-Douglas \(LD\): \d+/)).toBeVisible();
  await expect(tournament.getByRole("table", { name: `Judges ${SCHOOL} owes` })).toBeVisible();
  await page.getByRole("link", { name: TOURNAMENT }).click();
  await expect(page.getByRole("heading", { level: 1, name: TOURNAMENT })).toBeVisible();
  const entries = page.getByRole("table", { name: "Your school's entries" });
  await expect(entries).toContainText(ours);
  await expect(entries).toContainText(`parent-${ours.split(" ")[1]!.toLowerCase()}@example.com`);
  await expect(page.locator("main")).not.toContainText(theirs);
}

/** A staff page refuses the coach and points back to their season. */
async function staffPageRefused(page: Page) {
  expect((await page.goto("/orders"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your season" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your season" })).toBeVisible();
}

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

async function staffAt(browser: Browser, viewport: typeof phone, javaScriptEnabled: boolean, path: string) {
  const context: BrowserContext = await browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, "admin", path);
  return { context, page };
}

test("a coach is invited from Users, accepts, and reads the season, a tournament and its CSV (390 px, no JavaScript)", async ({
  browser,
}) => {
  const ours = `Coachy Nojs${run}`;
  const theirs = `Other Hidden${run}`;
  await payEntry(browser, ours, SCHOOL);
  await payEntry(browser, theirs, `Elsewhere Prep ${run}`);
  const email = `coach-nojs-${run}@example.com`;
  const staff = await staffAt(browser, phone, false, "/admin/users");
  await invite(staff.page, email);
  await staff.context.close();

  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await acceptAndSignIn(page, await invitationLink(email), email, "Rivka Nojs");
  await noOverflow(page);
  await seasonAndTournament(page, ours, theirs);
  await noOverflow(page);
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download entries (CSV)" }).getAttribute("href"))!,
  );
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Code,Event,First name,Last name,Partner,School,Status,Family email,Paid by");
  expect(text).toContain(`Coachy,Nojs${run}`);
  expect(text).not.toContain(theirs.split(" ")[1]!);
  await staffPageRefused(page);
  await context.close();
});

test("a coach is invited from Site content's schools, accepts, and reads the season, a tournament and its CSV (1280 px, JavaScript)", async ({
  browser,
}) => {
  const ours = `Coachy Js${run}`;
  const theirs = `Other Secret${run}`;
  await payEntry(browser, ours, SCHOOL);
  await payEntry(browser, theirs, `Elsewhere Prep ${run}`);
  const email = `coach-js-${run}@example.com`;
  const staff = await staffAt(browser, desktop, true, "/admin/site/schools");
  await invite(staff.page, email);
  await staff.context.close();

  const context = await browser.newContext({ viewport: desktop, javaScriptEnabled: true });
  const page = await context.newPage();
  const link = await invitationLink(email);
  await page.goto(link);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  await acceptAndSignIn(page, link, email, "Rivka Js");
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  await seasonAndTournament(page, ours, theirs);
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download entries (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^entries-\d{4}-\d{2}-\d{2}\.csv$/);
  await staffPageRefused(page);
  await context.close();
});

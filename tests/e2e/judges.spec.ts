// Decision 0045: judges as a parent and staff see them, at 390 px and 1280 px, with and without JavaScript: a parent
// names a judge, confirms by the link in the email and withdraws; staff watch a school's shortfall change as its
// entries are paid and its judge confirms, and the family reads what the school owes on the payment result.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Hybrid Multi Event Tournament";
const TOURNAMENT_OPTION = `${TOURNAMENT} (Mar 28, ${e2eEventsYear()})`;
const ENTRY = "Citron Tournament Entry Fee";
const run = Date.now().toString(36);
const school = `Judging Test Academy ${run}`;

/** A visitor at an address of its own (the server trusts one proxy hop), so the form's limit is theirs alone. */
let address = 10;
function visitor(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  address += 1;
  return browser.newContext({
    viewport,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${address}` },
  });
}

/** Fills and sends the judge form on the page. */
async function nameJudge(
  page: Page,
  judge: { first: string; last: string; email: string },
  options: { school?: string; categories?: string[]; tournament?: string; vouched?: boolean } = {},
) {
  const form = page.locator("#judge-form");
  if (options.tournament) await form.getByLabel("Tournament").selectOption({ label: options.tournament });
  await form.getByRole("textbox", { name: "First name" }).fill(judge.first);
  await form.getByRole("textbox", { name: "Last name" }).fill(judge.last);
  await form.getByRole("textbox", { name: "Email" }).fill(judge.email);
  await form.getByRole("textbox", { name: "Phone" }).fill("212 555 0100");
  if (options.vouched) {
    // The school's own registration chose the school (decision 0049): no picker.
    await expect(form.getByText(`Judging for ${options.school}`)).toBeVisible();
  } else if (options.school) {
    await form.getByLabel("Judging for school").selectOption({ label: "Other (type it)" });
    await form.getByRole("textbox", { name: "School name (if Other)" }).fill(options.school);
  } else {
    await form.getByLabel("Judging for school").selectOption({ label: "Ohr Chaim Academy" });
  }
  for (const category of options.categories ?? ["Debate"]) await form.getByRole("checkbox", { name: category }).check();
  await form.getByRole("textbox", { name: "Note" }).fill("parent, first time");
  await form.getByRole("button", { name: "Name this judge" }).click();
}

/** The link in the judge's confirmation email. */
async function judgeLink(email: string) {
  const mail = await waitForEmail(email, { subject: /Please confirm you will judge/ });
  return new URL(/https?:\/\/\S+\/judge\/[A-Za-z0-9_-]+/.exec(mail)![0]!).pathname;
}

/** The judge opens the link, confirms, then withdraws. */
async function confirmThenWithdraw(page: Page, link: string, withdraw = true) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Your judging" })).toBeVisible();
  await expect(page.getByText("Not yet confirmed")).toBeVisible();
  await page.getByRole("button", { name: "Confirm I will judge" }).click();
  await expect(page.getByText("Thank you: you are confirmed to judge.")).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  if (!withdraw) return;
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("You have withdrawn. Thank you for letting us know.")).toBeVisible();
  await expect(page.getByText("Withdrawn", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Judge after all" })).toBeVisible();
}

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test("a parent names a judge, who confirms by the link and withdraws (390 px, no JavaScript)", async ({ browser }) => {
  const context = await visitor(browser, phone, false);
  const page = await context.newPage();
  await page.goto("/judge");
  await expect(page.getByRole("heading", { level: 1, name: "Judge a tournament" })).toBeVisible();
  // A name refused for entries is refused here, at its field.
  await nameJudge(
    page,
    { first: "=HYPERLINK(1)", last: "Levi", email: `nojs-${run}@example.com` },
    { tournament: TOURNAMENT_OPTION },
  );
  await expect(page.locator("#judge-form")).toContainText("First name cannot start with =, +, - or @.");
  await nameJudge(
    page,
    { first: "Noa", last: `Levi${run}`, email: `nojs-${run}@example.com` },
    { tournament: TOURNAMENT_OPTION },
  );
  await expect(page.getByText("Check your email")).toBeVisible();
  await noOverflow(page);
  await confirmThenWithdraw(page, await judgeLink(`nojs-${run}@example.com`));
  await noOverflow(page);
  await context.close();
});

test("a parent names a judge, who confirms by the link and withdraws (1280 px, JavaScript)", async ({ browser }) => {
  const context = await visitor(browser, desktop, true);
  const page = await context.newPage();
  await page.goto("/judge");
  await startScripts(page);
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  await expectNoSeriousA11yViolations(page);
  await nameJudge(
    page,
    { first: "Ari", last: `Judge${run}`, email: `js-${run}@example.com` },
    { tournament: "Any tournament (the district will assign me)", categories: ["Speech", "Congress"] },
  );
  await expect(page.getByText("Check your email")).toBeVisible();
  const link = await judgeLink(`js-${run}@example.com`);
  await confirmThenWithdraw(page, link);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

/** A parent without JavaScript registers one entry for the typed school and pays; returns the payment result page. */
async function payEntry(context: BrowserContext, student: string, event: string, email: string) {
  const page = await context.newPage();
  await page.goto("/fees");
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const form = page.locator("#register");
  // The student's name is asked in parts (decision 0046): the last word is the last name.
  await form.getByRole("textbox", { name: "Student's first name" }).fill(student.split(" ").slice(0, -1).join(" "));
  await form.getByRole("textbox", { name: "Student's last name" }).fill(student.split(" ").at(-1)!);
  await form
    .getByRole("combobox", { name: "Member school", exact: true })
    .selectOption({ label: "Other (type the name)" });
  await form.getByRole("textbox", { name: "Student's school" }).fill(school);
  await form
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: `${TOURNAMENT} (Sun, Mar 28, ${e2eEventsYear()})` });
  await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: event });
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await expect(page).toHaveURL(/\/fees#your-cart$/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  return page;
}

test("staff see a school's shortfall change as entries are paid and its judge confirms; the family reads what it owes (parent 390 px without JavaScript, staff 1280 px with it and 390 px without)", async ({
  browser,
  page: staff,
}) => {
  const parent = await visitor(browser, phone, false);
  const email = `family-${run}@example.com`;

  // One Lincoln-Douglas entry paid: the school owes one debate judge, and the payment result says so.
  const result = await payEntry(parent, `Lea Debate ${run}`, "Lincoln-Douglas (LD)", email);
  const note = result.getByTestId("judge-note");
  await expect(note).toContainText(
    `${school} owes 1 judge for ${TOURNAMENT} so far: 0 confirmed, 1 still to name and confirm.`,
  );
  const receipt = await waitForEmail(email, { subject: /Your order/ });
  expect(receipt).toContain(`Judges: ${school} owes 1 judge for ${TOURNAMENT} so far`);

  await staff.setViewportSize(desktop);
  await signIn(staff, "admin", "/admin/tournaments");
  await staff.getByRole("link", { name: TOURNAMENT }).click();
  await staff.getByRole("link", { name: /Judge pool/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Judges: ${TOURNAMENT}` })).toBeVisible();
  const row = staff.getByRole("row", { name: school });
  await expect(row.getByTestId("shortfall")).toHaveText("1 short (Debate 1)");
  await expectNoSeriousA11yViolations(staff);

  // The family follows the note's link: the form comes with the tournament chosen; the judge confirms.
  await note.getByRole("link", { name: "Name a judge" }).click();
  await expect(result.locator("#judge-form").getByLabel("Tournament")).toHaveValue(/\|hybrid-multi-event-tournament$/);
  await nameJudge(
    result,
    { first: "Tova", last: `Ruling${run}`, email: `tova-${run}@example.com` },
    { school, vouched: true },
  );
  await expect(result.getByText("Check your email")).toBeVisible();
  await confirmThenWithdraw(result, await judgeLink(`tova-${run}@example.com`), false);

  await staff.reload();
  await expect(row.getByTestId("shortfall")).toHaveText("covered");
  await expect(staff.getByRole("region", { name: "Judges named" })).toContainText(`Tova Ruling${run}`);

  // A speech entry paid: one speech judge more is owed, and the debate judge cannot cover it. Dramatic
  // Interpretation, which no other spec fills: tournaments.spec.ts caps Original Oratory here at one place, and the
  // specs of a worker share its database.
  const second = await payEntry(parent, `Sam Speech ${run}`, "Dramatic Interpretation", email);
  await expect(second.getByTestId("judge-note")).toContainText(
    `${school} owes 2 judges for ${TOURNAMENT} so far: 1 confirmed, 1 still to name and confirm.`,
  );
  await parent.close();

  const narrow = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const small = await narrow.newPage();
  await signIn(small, "admin", "/admin/tournaments");
  await small.getByRole("link", { name: TOURNAMENT }).click();
  await small.getByRole("link", { name: /Judge pool/ }).click();
  await expect(small.getByRole("row", { name: school }).getByTestId("shortfall")).toHaveText("1 short (Speech 1)");
  await noOverflow(small);
  await narrow.close();
});

// Decision 0049: a judge named on the open form waits for the school until staff accept them; staff move a judge to
// another category's Tabroom file. At 1280 px with JavaScript and at 390 px without.
for (const [label, viewport, javaScriptEnabled] of [
  ["1280 px, JavaScript", desktop, true],
  ["390 px, no JavaScript", phone, false],
] as const) {
  test(`staff accept a judge waiting for the school and move a judge's Tabroom file (${label})`, async ({
    browser,
  }) => {
    const tag = `${run}${javaScriptEnabled ? "js" : "nojs"}`;
    const name = `Wait List${tag}`;
    const visitorContext = await visitor(browser, viewport, javaScriptEnabled);
    const page = await visitorContext.newPage();
    await page.goto("/judge");
    await nameJudge(
      page,
      { first: "Wait", last: `List${tag}`, email: `wait-${tag}@example.com` },
      { tournament: TOURNAMENT_OPTION, categories: ["Debate", "Speech"] },
    );
    await expect(page.getByText("Check your email")).toBeVisible();
    await confirmThenWithdraw(page, await judgeLink(`wait-${tag}@example.com`), false);
    await visitorContext.close();

    const staffContext = await browser.newContext({ viewport, javaScriptEnabled });
    const staff = await staffContext.newPage();
    await signIn(staff, "admin", "/admin/tournaments");
    await staff.getByRole("link", { name: TOURNAMENT }).click();
    await staff.getByRole("link", { name: /Judge pool/ }).click();
    if (javaScriptEnabled) await startScripts(staff);
    const row = staff.getByRole("region", { name: "Judges named" }).getByRole("row", { name });
    await expect(row).toContainText("waiting for the school");
    await row.getByRole("button", { name: `Accept ${name} for Ohr Chaim Academy` }).click();
    await expect(row).not.toContainText("waiting for the school");
    await expect(row).toContainText("staff");

    const file = row.getByRole("combobox", { name: `Tabroom file of ${name}` });
    await expect(file).toHaveValue("debate");
    await file.selectOption("speech");
    await row.getByRole("button", { name: `Move ${name}` }).click();
    await expect(file).toHaveValue("speech");
    await noOverflow(staff);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(staff);
    await staffContext.close();
  });
}

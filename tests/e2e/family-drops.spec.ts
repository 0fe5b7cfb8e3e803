// Decision 0048: a family drops an entry from its private entries page (decision 0047) with the tournament's refund
// policy, at 1280 px with JavaScript and at 390 px without: a drop before the full refund's end refunds the whole fee;
// after it (staff moved the day into the past), the page says nothing will be refunded before the family confirms.
// Staff set the policy on the tournament page; the spec puts it back as it found it.
import type { Browser, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, waitForEmail } from "./auth-helpers";
import { paidEntryLink as registeredEntryLink } from "./registration-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Congress Session One";
const TOURNAMENT_LABEL = `${TOURNAMENT} (Sun, Mar 14, ${e2eEventsYear()})`;
const EVENT = "Congressional Debate";
const run = Date.now().toString(36);

/** A family's paid entry of the tournament, and its entries link. */
const paidEntryLink = (browser: Browser, student: { first: string; last: string }, email: string) =>
  registeredEntryLink(browser, { tournament: TOURNAMENT_LABEL, event: EVENT, ...student }, email);

/** Staff's refund policy form on the tournament page: the full refund's last day (empty: the close) and the amount. */
async function setRefundPolicy(page: Page, fullUntil: string, after: string) {
  await page.goto("/admin/tournaments");
  await page.getByRole("link", { name: TOURNAMENT }).click();
  await page.getByLabel("Whole fee refunded until").fill(fullUntil);
  await page.getByLabel("Refunded after that day ($)").fill(after);
  await page.getByRole("button", { name: "Save refund policy" }).click();
  await expect(page.getByText("Refund policy saved").first()).toBeVisible();
}

test("a drop before the full refund's end refunds the whole fee (1280 px, JavaScript)", async ({ page, browser }) => {
  const student = { first: "Dana", last: `Drop${run}` };
  const email = `drop-full-${run}@example.com`;
  const link = await paidEntryLink(browser, student, email);
  await page.setViewportSize(desktop);
  await page.goto(link);
  await waitForHydration(page);
  await expect(
    page.getByText(/A drop by [A-Z][a-z]{2} \d{1,2} refunds the whole fee; after that, nothing is refunded\./).first(),
  ).toBeVisible();
  await page.getByRole("button", { name: `Drop ${student.first} ${student.last} from ${EVENT}…` }).click();
  const confirm = page.getByTestId("drop-confirm");
  await expect(confirm).toContainText(/You will be refunded \$\d+\.\d{2}, the whole fee\./);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Confirm drop" }).click();
  await expect(page.getByText(/was dropped and \$\d+\.\d{2} was refunded\./).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Drop / })).toHaveCount(0);
  await waitForEmail(email, { subject: /^Entry dropped/ });
  await waitForEmail(email, { subject: /^Refund for order/ });
});

test("a drop after the full refund's end: nothing refunded, said before confirming (390 px, no JavaScript)", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin", "/admin/tournaments");
  await setRefundPolicy(page, `${new Date().getUTCFullYear() - 1}-12-01`, "");
  try {
    const student = { first: "Noa", last: `Late${run}` };
    const email = `drop-none-${run}@example.com`;
    const link = await paidEntryLink(browser, student, email);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const family = await context.newPage();
    await family.goto(link);
    await expect(family.getByText("The full refund ended on Dec 1; a drop now refunds nothing.")).toBeVisible();
    await family.getByRole("button", { name: `Drop ${student.first} ${student.last} from ${EVENT}…` }).click();
    const confirm = family.getByTestId("drop-confirm");
    // The confirm step's axe check is the first test's (axe cannot run in a page without JavaScript).
    await expect(confirm).toContainText("Nothing will be refunded: the full refund ended on Dec 1.");
    await confirm.getByRole("button", { name: "Confirm drop" }).click();
    await expect(family.getByText(/was dropped; nothing was refunded\./).first()).toBeVisible();
    await expect(family.getByRole("button", { name: /^Drop / })).toHaveCount(0);
    await context.close();
  } finally {
    await setRefundPolicy(page, "", "");
  }
});

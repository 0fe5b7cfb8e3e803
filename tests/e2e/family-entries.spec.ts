// Decision 0047: a family changes its paid entries at the private link, at 390 px without JavaScript and at 1280 px
// with it: fix a name, change a partner, switch events; after the close (its last day moved by the staff setting)
// the page is read-only and a change posted anyway is refused.
import type { Browser, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Hybrid Multi Event Tournament";
const ENTRY = "Citron Tournament Entry Fee";
const run = Date.now().toString(36);

/** A family at an address of its own (the server trusts one proxy hop), so the link's limits are theirs alone. */
let address = 60;
function family(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  address += 1;
  return browser.newContext({
    viewport,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${address}` },
  });
}

/** Registers and pays one entry without JavaScript (a member school); the payment result page is left open. */
async function payEntry(
  page: Page,
  email: string,
  entry: { first: string; last: string; event: string; partner?: [string, string] },
) {
  await page.goto("/fees");
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const form = page.locator("#register");
  await form.getByRole("textbox", { name: "Student's first name" }).fill(entry.first);
  await form.getByRole("textbox", { name: "Student's last name" }).fill(entry.last);
  await form.getByRole("combobox", { name: "Member school", exact: true }).selectOption({ label: "Ohr Chaim Academy" });
  await form
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: `${TOURNAMENT} (Sun, Mar 28, ${e2eEventsYear()})` });
  await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: entry.event });
  if (entry.partner) {
    await form.getByRole("textbox", { name: "Partner's first name" }).fill(entry.partner[0]);
    await form.getByRole("textbox", { name: "Partner's last name" }).fill(entry.partner[1]);
  }
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await expect(page).toHaveURL(/\/fees#your-cart$/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
}

/** The entries link in the receipt email. */
async function receiptLink(email: string) {
  const mail = await waitForEmail(email, { subject: /Your order/ });
  return new URL(/https?:\/\/\S+\/entries\/[A-Za-z0-9_-]+/.exec(mail)![0]!).pathname;
}

const card = (page: Page, heading: RegExp) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test("390 px without JavaScript: from the payment result, fix a name and change the partner", async ({ browser }) => {
  const context = await family(browser, phone, false);
  const page = await context.newPage();
  await payEntry(page, `pf-family-${run}@example.com`, {
    first: "Lia",
    last: `Forum${run}`,
    event: "Public Forum (PF)",
    partner: ["Ben", `Cho${run}`],
  });
  await page.getByRole("main").getByRole("link", { name: "See or change your entries" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your tournament entries" })).toBeVisible();
  const entry = card(page, new RegExp(`Lia Forum${run}`));
  await expect(entry).toContainText("Entered");
  await expect(entry).toContainText(`Ben Cho${run} (Ohr Chaim Academy)`);
  await expect(entry).toContainText("You can change this entry until registration closes on");
  await noOverflow(page);

  await entry.getByText("Fix the student's name or school").click();
  await entry.getByRole("textbox", { name: "First name" }).fill("Leah");
  await entry.getByRole("button", { name: "Save the student" }).click();
  const fixed = card(page, new RegExp(`Leah Forum${run}`));
  await expect(fixed.getByRole("status").first()).toContainText(
    `Student's name changed from Lia Forum${run} to Leah Forum${run}.`,
  );
  // docs/product.md#your-entries: the outcome is brought into view on the phone and has the focus (read out), without JavaScript too.
  await expect(fixed.getByRole("status").first()).toBeInViewport();
  await expect(fixed.getByRole("status").first()).toBeFocused();

  await fixed.getByText("Fix or change the partner").click();
  await fixed.getByRole("textbox", { name: "Partner's first name" }).fill("Dana");
  await fixed.getByRole("textbox", { name: "Partner's last name" }).fill(`Park${run}`);
  await fixed.getByRole("button", { name: "Save the partner" }).click();
  await expect(fixed).toContainText(`Dana Park${run} (Ohr Chaim Academy)`);
  await fixed.getByText("History of this entry").click();
  await expect(fixed).toContainText(`You (family link): Partner changed from Ben Cho${run} to Dana Park${run}.`);
  const link = new URL(page.url()).pathname;
  await context.close();

  // The same page at 390 px with JavaScript, a form open and a refusal at its field (axe needs the page's script).
  const withScript = await family(browser, phone, true);
  const again = await withScript.newPage();
  await again.goto(link);
  await waitForHydration(again);
  const open = card(again, new RegExp(`Leah Forum${run}`));
  await open.getByText("Fix the student's name or school").click();
  await open.getByRole("textbox", { name: "Last name" }).fill("=SUM(1)");
  await open.getByRole("button", { name: "Save the student" }).click();
  await expect(open.getByText("A name cannot begin with =, +, - or @.")).toBeVisible();
  await noOverflow(again);
  // A change saved with JavaScript: its notice is scrolled into view and announced (a live region with the focus).
  await again.reload();
  await waitForHydration(again);
  await open.getByText("Fix the student's name or school").click();
  await open.getByRole("textbox", { name: "First name", exact: true }).fill("Lea");
  await again.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await open.getByRole("button", { name: "Save the student" }).click();
  const saved = card(again, new RegExp(`Lea Forum${run}`))
    .getByRole("status")
    .first();
  await expect(saved).toContainText(`Student's name changed from Leah Forum${run} to Lea Forum${run}.`);
  await expect(saved).toBeInViewport();
  await expect(saved).toBeFocused();
  await expect(saved).toHaveAttribute("aria-live", "polite");
  await expectNoSeriousA11yViolations(again);
  await withScript.close();
});

test("1280 px with JavaScript: switch events from the link in the receipt; the staff roster shows it", async ({
  browser,
  page: staff,
}) => {
  const email = `ld-family-${run}@example.com`;
  const payer = await family(browser, desktop, false);
  await payEntry(await payer.newPage(), email, { first: "Sam", last: `Switch${run}`, event: "Lincoln-Douglas (LD)" });
  await payer.close();

  const context = await family(browser, desktop, true);
  const page = await context.newPage();
  await page.goto(await receiptLink(email));
  await waitForHydration(page);
  const entry = card(page, new RegExp(`Sam Switch${run}`));
  // Into an event no other spec fills: tournaments.spec.ts caps Original Oratory at this tournament at one place, and
  // the specs of a worker share its database.
  await entry.getByText("Switch to another event").click();
  await entry.getByRole("combobox", { name: "New event" }).selectOption({ label: "Informative Speaking" });
  await entry.getByRole("button", { name: "Switch events" }).click();
  await expect(page.getByRole("heading", { name: `Sam Switch${run}: Informative Speaking` })).toBeVisible();
  await expect(
    page.getByText("Event switched from Lincoln-Douglas (LD) to Informative Speaking.").first(),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Event switched" }).first()).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await context.close();

  await staff.setViewportSize(desktop);
  await signIn(staff, "admin", "/admin/tournaments");
  await staff.getByRole("link", { name: TOURNAMENT }).click();
  await expect(staff.locator('section[aria-label="Informative Speaking"]')).toContainText(`Sam Switch${run}`);
  await expect(staff.locator('section[aria-label="Lincoln-Douglas (LD)"]')).not.toContainText(`Sam Switch${run}`);
});

test("after the close (its last day set to yesterday) the page is read-only and a change posted anyway is refused (390 and 1280 px)", async ({
  browser,
  page: staff,
}) => {
  const email = `late-family-${run}@example.com`;
  const payer = await family(browser, phone, false);
  await payEntry(await payer.newPage(), email, { first: "Tia", last: `Late${run}`, event: "Lincoln-Douglas (LD)" });
  await payer.close();
  const link = await receiptLink(email);

  await staff.setViewportSize(desktop);
  await signIn(staff, "admin", "/admin/tournaments");
  const setLastDay = async (day: string) => {
    await staff.goto("/admin/tournaments");
    await staff.getByRole("link", { name: TOURNAMENT }).click();
    await staff.getByLabel("Last day to register").fill(day);
    await staff.getByRole("button", { name: "Save settings" }).click();
    await expect(staff.getByText("Settings saved").first()).toBeVisible();
  };
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  await setLastDay(yesterday);

  /** The closed entry as the family sees it, and a change posted anyway: refused, whatever it says. */
  const expectClosed = async (page: Page) => {
    await page.goto(link);
    const entry = card(page, new RegExp(`Tia Late${run}`));
    await expect(entry).toContainText("This entry can no longer be changed here.");
    await expect(entry.getByRole("link", { name: "contact the district" })).toHaveAttribute("href", "/contact");
    await expect(entry.getByRole("button")).toHaveCount(0);
    await noOverflow(page);
    const orderId = (await entry.getAttribute("aria-labelledby"))!.replace(/^entry-/, "");
    const refused = await page.request.post(link, {
      form: {
        intent: "student",
        orderId,
        studentFirst: "Tio",
        studentLast: "Late",
        schoolCode: "other",
        studentSchool: "Anywhere",
      },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Registration for this tournament has closed");
  };
  const phoneContext = await family(browser, phone, false);
  await expectClosed(await phoneContext.newPage());
  await phoneContext.close();
  const desktopContext = await family(browser, desktop, true);
  const wide = await desktopContext.newPage();
  await expectClosed(wide);
  await waitForHydration(wide);
  await expectNoSeriousA11yViolations(wide);
  await desktopContext.close();

  // Open again for the other browser tests (they expect every tournament offered).
  await setLastDay("");
});

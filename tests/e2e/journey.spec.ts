// Decision 0051: one journey for a family, a judge and staff, at 390 px and 1280 px, with and without JavaScript.
// A new parent registers two students from the home page's Register in at most 15 actions; registration, the judge
// form and "See or change your entries" are where people look; staff's shortfall message previews, tests and
// confirms its count, and its link works from a mail program.
import type { Browser, Locator, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
// The qualifier offers every event, a team event too; no other spec enters it.
const TOURNAMENT = "Citron District Quals";
const KEY = `${e2eEventsYear()}-02-07|citron-district-quals`;
const ENTRY = "Citron Tournament Entry Fee";
const run = Date.now().toString(36);

/** A visitor of its own (the server trusts one proxy hop), so a form's limit is theirs alone. */
let address = 60;
function visitor(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  address += 1;
  return browser.newContext({
    viewport,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${address}` },
  });
}

/** Counts what a person does: each click, field filled and choice made. */
function counter() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    click: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      count += 1;
      await target.fill(value);
    },
    choose: async (target: Locator, label: string) => {
      count += 1;
      await target.selectOption({ label });
    },
  };
}

test("a new parent registers two students from the home page at 390 px in at most 15 actions", async ({ browser }) => {
  const context = await visitor(browser, phone, true);
  const page = await context.newPage();
  const act = counter();
  await page.goto("/");
  await waitForHydration(page);

  // 1. The tournament's card on the home page: Register, with its last day, opens this site's form on it.
  const card = page.getByTestId("event-card").filter({ hasText: TOURNAMENT });
  await expect(card.getByText(/^Registration closes [A-Z][a-z]{2} \d{1,2}$/)).toBeVisible();
  await act.click(card.getByRole("link", { name: `Register for ${TOURNAMENT}` }));
  let form = page.getByRole("dialog", { name: "Tournament Registration" });
  await expect(form.getByRole("combobox", { name: "Tournament" })).toHaveValue(/^sheet-event-/);
  await expect(form.getByRole("combobox", { name: "Tournament" }).locator("option:checked")).toHaveText(
    new RegExp(`^${TOURNAMENT}`),
  );

  // The first student, in a team event: the partner's school is left to default to the student's.
  await act.fill(form.getByRole("textbox", { name: "Student's first name" }), "Noa");
  await act.fill(form.getByRole("textbox", { name: "Student's last name" }), `Walk${run}`);
  await act.choose(form.getByRole("combobox", { name: "Member school", exact: true }), "Ohr Chaim Academy");
  await act.choose(form.getByRole("combobox", { name: "Competition event" }), "Public Forum (PF)");
  await act.fill(form.getByRole("textbox", { name: "Partner's first name" }), "Tal");
  await act.fill(form.getByRole("textbox", { name: "Partner's last name" }), `Walk${run}`);
  await act.click(form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }));
  await expect(form).toBeHidden({ timeout: 20_000 });
  const cart = page.locator("#your-cart");
  await expect(cart.getByRole("listitem").filter({ hasText: `Noa Walk${run}` })).toBeVisible();

  // The second student: /fees opens with the tournaments open for registration; the form remembers the school.
  const open = page.getByTestId("open-tournament").filter({ hasText: TOURNAMENT });
  await expect(open).toContainText("Public Forum (PF)");
  await act.click(open.getByRole("link", { name: `Register for ${TOURNAMENT}` }));
  form = page.getByRole("dialog", { name: "Tournament Registration" });
  await expect(form.getByRole("combobox", { name: "Member school", exact: true }).locator("option:checked")).toHaveText(
    "Ohr Chaim Academy",
  );
  await expect(form.getByRole("combobox", { name: "Tournament" }).locator("option:checked")).toHaveText(
    new RegExp(`^${TOURNAMENT}`),
  );
  await act.fill(form.getByRole("textbox", { name: "Student's first name" }), "Avi");
  await act.fill(form.getByRole("textbox", { name: "Student's last name" }), `Walk${run}`);
  await act.choose(form.getByRole("combobox", { name: "Competition event" }), "Lincoln-Douglas (LD)");
  await act.click(form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }));
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(cart.getByRole("listitem").filter({ hasText: `Avi Walk${run}` })).toBeVisible();

  await expectNoSeriousA11yViolations(page);

  // Checkout: the email, then the payment step for the two entries.
  await act.fill(page.getByRole("textbox", { name: "Email" }), `walk-${run}@example.com`);
  await act.click(page.getByRole("button", { name: "Proceed to Checkout" }));
  await expect(page.getByRole("dialog", { name: "Complete Your Payment" })).toBeVisible();
  expect(act.count).toBeLessThanOrEqual(15);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

/** The no-JavaScript walk: the schedule's Register opens the form in the page, on the tournament. */
async function registerWithoutScripts(page: Page, student: string) {
  await page.goto("/events");
  const card = page.getByTestId("event-card").filter({ hasText: TOURNAMENT });
  await card.getByRole("link", { name: `Register for ${TOURNAMENT}` }).click();
  await expect(page).toHaveURL(/\/fees\?register=[0-9a-f-]{36}&tournament=sheet-event-\d+#register$/);
  const form = page.locator("#register");
  await expect(form.getByRole("combobox", { name: "Tournament" }).locator("option:checked")).toHaveText(
    new RegExp(`^${TOURNAMENT}`),
  );
  await form.getByRole("textbox", { name: "Student's first name" }).fill(student);
  await form.getByRole("textbox", { name: "Student's last name" }).fill(`Short${run}`);
  await form.getByRole("combobox", { name: "Member school", exact: true }).selectOption({ label: "Ohr Chaim Academy" });
  await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: "Original Oratory" });
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await expect(page).toHaveURL(/\/fees#your-cart$/);
}

for (const viewport of [phone, desktop]) {
  test(`registration, the judge form and the entries link are where people look (${viewport.width} px, no JavaScript)`, async ({
    browser,
  }) => {
    const context = await visitor(browser, viewport, false);
    const page = await context.newPage();

    // /fees opens with the open tournaments: name, date, last day, events; a camp or practice is not among them.
    await page.goto("/fees");
    const list = page.getByTestId("open-tournaments");
    await expect(list.getByRole("heading", { level: 2, name: "Open for registration" })).toBeVisible();
    const quals = list.getByTestId("open-tournament").filter({ hasText: TOURNAMENT });
    await expect(quals).toContainText(
      /Sunday, February 7, \d{4}\. Registration closes [A-Z][a-z]{2} \d{1,2} \(the last day\)\./,
    );
    await expect(quals).toContainText("Events: Lincoln-Douglas (LD), Public Forum (PF)");
    await expect(list).not.toContainText("Worlds Schools Practice");
    await expect(list).not.toContainText("Oratory Workshop");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(quals.getByRole("link", { name: `Judge at this tournament: ${TOURNAMENT}` })).toHaveAttribute(
      "href",
      `/judge?tournament=${encodeURIComponent(KEY)}`,
    );
    await list.getByRole("link", { name: "See or change your entries" }).click();
    await expect(page).toHaveURL(/\/entries$/);

    // The footer leads to both; so do the contact page's cards and the home page.
    await page.goto("/mission");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Judge for us" }).click();
    await expect(page).toHaveURL(/\/judge$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "See or change your entries" }).click();
    await expect(page).toHaveURL(/\/entries$/);
    await page.goto("/contact");
    await expect(
      page.getByRole("listitem").filter({ hasText: "Judging" }).getByRole("link", { name: "Judge for us" }),
    ).toHaveAttribute("href", "/judge");
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: "Participating in tournaments" })
        .getByRole("link", { name: "See or change your entries" }),
    ).toHaveAttribute("href", "/entries");
    await page.goto("/");
    await page.getByRole("link", { name: "Judge for us" }).first().click();
    await expect(page).toHaveURL(/\/judge$/);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/judge<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/entries<\/loc>/);

    // The schedule's Register opens this site's form on the tournament, in the page.
    await registerWithoutScripts(page, viewport === phone ? "Ada" : "Bea");
    await expect(
      page
        .locator("#your-cart")
        .getByRole("listitem")
        .filter({ hasText: `Short${run}` })
        .first(),
    ).toContainText(TOURNAMENT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test("staff's shortfall message previews, sends a test and confirms its count; its judge link is absolute (1280 px with JavaScript, 390 px without)", async ({
  browser,
  page: staff,
}) => {
  // A paid entry of a school with no judge: the school is short for the qualifier.
  const parent = await visitor(browser, phone, false);
  const page = await parent.newPage();
  const email = `short-${run}@example.com`;
  await registerWithoutScripts(page, "Cy");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await parent.close();

  // Without JavaScript at 390 px: the first Send shows the preview and the count, and sends nothing.
  const phoneStaff = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const small = await phoneStaff.newPage();
  const poolPath = `/admin/tournaments/${encodeURIComponent(KEY)}/judges`;
  await signIn(small, "admin", poolPath);
  const smallForm = small
    .locator("form")
    .filter({ has: small.getByRole("heading", { name: "Message the schools short of judges" }) });
  await expect(smallForm).toContainText(/To: the registrants of \d+ schools? short of judges/);
  await smallForm.getByRole("button", { name: "Send", exact: true }).click();
  const preview = small.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(/Preview: this goes to \d+ address(es)?, one email each\./);
  await expect(preview).toContainText(/https?:\/\/[^\s]+\/judge\?tournament=/);
  await expect(small.getByText(/^Not sent yet: this message goes to \d+ address/)).toBeVisible();
  await phoneStaff.close();

  // With JavaScript at 1280 px: a test to oneself, then Send naming the count.
  await signIn(staff, "admin", poolPath);
  await startScripts(staff);
  const form = staff
    .locator("form")
    .filter({ has: staff.getByRole("heading", { name: "Message the schools short of judges" }) });
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(form.getByRole("region", { name: "Preview" })).toBeVisible();
  await form.getByRole("button", { name: "Send a test to me" }).click();
  await expect(form.getByText(/^A test was sent to /)).toBeVisible();
  await form.getByRole("button", { name: /^Send to \d+ address(es)?$/ }).click();
  await expect(staff.getByText("Message sent").first()).toBeVisible();
  const mail = await waitForEmail(email, { subject: /Judges needed/ });
  expect(mail).toMatch(/https?:\/\/[^\s]+\/judge\?tournament=\d{4}-02-07%7Ccitron-district-quals/);
  expect(mail).not.toMatch(/(^|\s)\/judge\?/m);
});

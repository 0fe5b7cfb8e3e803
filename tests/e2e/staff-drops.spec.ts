// Decision 0050: staff drop an entry from the roster through the family's drop, with the amount shown to confirm:
// at 390 px without JavaScript and at 1280 px with it, the policy's amount (the default) is refunded, the entry is
// dropped with no Drop left to press, and the family is emailed as for its own drop. The tournament is one no other
// spec changes the refund policy of (family-drops.spec.ts changes Congress Session One's), and a competition: a practice takes no entries (decision 0051).
import { e2eEventsYear } from "../support/events-sheet";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test } from "./fixtures";
import { paidEntryLink } from "./registration-helpers";

test.describe.configure({ timeout: 120_000 });

const desktop = { width: 1280, height: 800 };
const TOURNAMENT = "Citron District Quals";
const TOURNAMENT_LABEL = `${TOURNAMENT} (Sun, Feb 7, ${e2eEventsYear()})`;
const EVENT = "Original Oratory";
const run = Date.now().toString(36);

for (const [label, viewport, javaScriptEnabled, first] of [
  ["390 px, no JavaScript", phone, false, "Tova"],
  ["1280 px, JavaScript", desktop, true, "Lior"],
] as const) {
  test(`staff drop an entry with the policy's amount (${label})`, async ({ browser }) => {
    const student = { first, last: `Roster${run}` };
    const name = `${student.first} ${student.last}`;
    const email = `staff-drop-${first.toLowerCase()}-${run}@example.com`;
    await paidEntryLink(browser, { tournament: TOURNAMENT_LABEL, event: EVENT, ...student }, email);

    const context = await browser.newContext({ javaScriptEnabled, viewport });
    const page = await context.newPage();
    await signIn(page, "admin", "/admin/tournaments");
    await page.goto("/admin/tournaments");
    await page.getByRole("link", { name: TOURNAMENT }).click();
    if (javaScriptEnabled) await startScripts(page);
    // The entry's row (the confirmation, once asked, is the row under it).
    const row = page.getByRole("region", { name: EVENT }).getByRole("row").filter({ hasText: name }).first();
    await row.getByRole("button", { name: `Drop ${name} (${EVENT})` }).click();

    // Asked first: nothing is dropped until staff confirm the amount shown.
    const confirm = page.getByTestId("staff-drop-confirm");
    await expect(confirm).toContainText(`Drop ${name} from ${EVENT}?`);
    await expect(confirm).toContainText(/The refund policy refunds .*\$\d+\.\d{2}/);
    const policy = confirm.getByRole("radio", { name: /^The policy's amount: \$\d+\.\d{2}$/ });
    await expect(policy).toBeChecked();
    await expect(confirm.getByRole("radio", { name: "Nothing" })).not.toBeChecked();
    const amount = /\$\d+\.\d{2}/.exec((await confirm.getByText(/^The policy's amount: /).textContent()) ?? "")![0];
    await expect(row).toContainText("paid");
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await confirm.getByRole("button", { name: "Confirm drop" }).click();
    // The entry's history, on the page with or without JavaScript (the toast needs it), says what was refunded.
    await page.getByText(/^Recent changes to entries/).click();
    await expect(page.getByText(`Dropped from ${EVENT} by staff; ${amount} refunded.`).first()).toBeVisible();
    await expect(row).toContainText("dropped");
    await expect(row.getByRole("button", { name: /^Drop / })).toHaveCount(0);
    await expect(page.getByTestId("staff-drop-confirm")).toHaveCount(0);
    const mail = await waitForEmail(email, { subject: new RegExp(`^Entry dropped: ${name}`) });
    expect(mail).toContain(`Refund: ${amount}`);
    await context.close();
  });
}

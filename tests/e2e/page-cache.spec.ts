import { signIn } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

// Decision 0013: anonymous public pages from the page cache, each response with its own nonce; signed-in never.

test("anonymous visitors get cached pages, each with its own nonce that its CSP allows", async ({ request }) => {
  await request.get("/guide");
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get("/guide");
    expect(response.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    const html = await response.text();
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    expect(html).toContain(response.headers()["x-request-id"]);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    nonces.add(nonce);
  }
  expect(nonces.size).toBe(3);
});

test("a cached page works in the browser: it hydrates without CSP errors", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/guide");
  await page.goto("/guide");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("signed-in visitors never get a cached page", async ({ page }) => {
  await signIn(page, "admin");
  const response = await page.goto("/");
  expect(response?.headers()["x-page-cache"]).toBeUndefined();
  expect(response?.headers()["cache-control"]).toContain("private");
});

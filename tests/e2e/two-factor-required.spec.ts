// A deployment's first admin sign-in with JavaScript on (decision 0028): ADMIN_TWO_FACTOR=required sends an admin
// without it to the setup, whose own data requests (`/admin/profile.data`, React Router's single fetch) must pass
// the gate, or the browser asks for them again and again. The shared e2e server leaves two-factor optional, so
// this spec starts its own production server with it required, on a fresh data directory.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { e2eAccounts } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { pollUntil } from "../support/poll";

const root = path.resolve(import.meta.dirname, "../..");
// A first start on a fresh embedded database takes seconds, more on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** The code an authenticator app shows now for the key the setup page showed (RFC 6238, 30 s, 6 digits). */
const codeFor = (key: string) =>
  createOTP(new TextDecoder().decode(base32.decode(key))).hotp(Math.floor(Date.now() / 30_000));

let server: { child: ChildProcess; output: () => string; stopped: Promise<void> } | undefined;

test.afterEach(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  await server?.stopped;
  server = undefined;
});

/** `node server.js` from the build as a deployment runs it, two-factor required; resolves to its address. */
async function startRequiredServer(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-2fa-required-"));
  // The embedded database, whatever the shell points at.
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn("node", ["server.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      // Demo accounts and mail to files on http://127.0.0.1, as the shared server (tests/e2e/server.mjs).
      CITRON_LOCAL_PREVIEW: "true",
      ADMIN_TWO_FACTOR: "required",
      DEMO_ADMIN_PASSWORD: e2eAccounts.admin.password,
      DEMO_USER_PASSWORD: e2eAccounts.user.password,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WORKERS: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stopped = new Promise<void>((resolve) =>
    child.once("exit", () => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    }),
  );
  server = { child, output: () => output, stopped };
  const match = await pollUntil(
    "the server to start",
    () => (child.exitCode !== null ? "exited" : (/running at http:\/\/localhost:(\d+)/.exec(output) ?? undefined)),
    { timeoutMs: 180_000, everyMs: 100 },
  ).catch(() => "timed out" as const);
  if (typeof match === "string")
    throw new Error(`server ${match === "exited" ? "exited early" : "did not start"}:\n${output}`);
  return `http://127.0.0.1:${match[1]}`;
}

test("with JavaScript on, a first admin sign-in sets up two-factor and goes on to the admin pages", async ({
  browser,
}) => {
  const baseURL = await startRequiredServer();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  let profileDataRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/admin/profile.data") profileDataRequests += 1;
  });

  await page.goto("/auth?redirectTo=%2Forders");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(e2eAccounts.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(e2eAccounts.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === "/admin/profile?setup=two-factor");

  await page.getByLabel("Your password").fill(e2eAccounts.admin.password);
  await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  const key = (await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7]{16,}=*$/ })
    .textContent())!.trim();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByLabel("Code from the app").fill(await codeFor(key));
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page.getByText("On: signing in asks for a code")).toBeVisible();

  // The rest of the admin area opens now, through the sidebar (a client-side navigation).
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // The setup page's data was asked for by its own steps (so JavaScript drove them), a few times, not in a loop.
  expect(profileDataRequests).toBeGreaterThan(0);
  expect(profileDataRequests).toBeLessThan(10);
  await context.close();
});

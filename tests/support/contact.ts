import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { action } from "~/routes/public/contact";
import type { ContactActionData } from "~/features/contact/action-data";
import type { TestDatabase } from "./database";

/** A configuration for contact tests: a temporary DATA_DIR, two staff addresses, a small limit. */
export function useContactTestEnv(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-contact-"));
  setEnvForTests(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      CONTACT_NOTIFY_EMAILS: "staff@example.org, director@example.org",
      CONTACT_EMAIL: "info@example.org",
      CONTACT_RATE_LIMIT_MAX: "3",
      ...overrides,
    }),
  );
  return { dataDir, mailDir: path.join(dataDir, "mail") };
}

export const validContact = {
  name: "Dana Levi",
  school: "Riverside Yeshiva High School",
  email: "dana@example.org",
  phone: "555-010-0199",
  inquiryPurpose: "join-district",
  comment: "We would like to join the district this fall.",
  website: "",
};

type Body = Record<string, string | string[]> | FormData | URLSearchParams | string;

/** Posts to the /contact route's action as a browser would, from `clientAddress`. */
export async function postContact(
  database: TestDatabase,
  body: Body,
  options: { clientAddress?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: ContactActionData; headers: Headers }> {
  let payload: BodyInit;
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === "string") {
    payload = body;
  } else {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    }
    payload = params;
  }
  const request = new Request("http://localhost/contact", { method: "POST", body: payload, headers: options.headers });
  const context = database.context({ clientAddress: options.clientAddress ?? "203.0.113.1" });
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "/contact" };
  const result = (await action(args as unknown as Parameters<typeof action>[0])) as unknown as {
    data: ContactActionData;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
}

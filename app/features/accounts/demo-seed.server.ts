import { randomInt } from "node:crypto";
import { env } from "~/core/env.server";
import type { Seeder } from "~/db/seeder";
import { generatePassword, passwordProblems } from "./password-policy";
import { assignRole, insertAccount } from "./users/users.server";

export const DEMO_USER_EMAIL = "coach@example.org";

/**
 * The first run's accounts: the protected admin and one coach without admin
 * rights. Their passwords come from DEMO_ADMIN_PASSWORD / DEMO_USER_PASSWORD,
 * or are generated and printed once on the console (never logged).
 */
export const accountsSeeder: Seeder = {
  name: "accounts",
  async run(db, log) {
    const config = env();
    const people = [
      {
        email: config.PROTECTED_ADMIN_EMAIL.toLowerCase(),
        role: "admin" as const,
        configured: config.DEMO_ADMIN_PASSWORD,
      },
      { email: DEMO_USER_EMAIL, role: "user" as const, configured: config.DEMO_USER_PASSWORD },
    ];
    const printed: string[] = [];
    for (const person of people) {
      const password = person.configured ?? generatePassword(randomInt);
      if (person.configured && passwordProblems(person.configured, config.SITE_SHORT_NAME).length > 0) {
        log.warn({ email: person.email }, "the configured demo password does not meet the password policy");
      }
      const account = await insertAccount(db, person.email, password);
      await assignRole(db, account.id, person.role);
      log.info({ email: person.email, role: person.role }, "demo account created");
      printed.push(
        person.configured
          ? `  ${person.role.padEnd(5)} ${person.email} (password from ${person.role === "admin" ? "DEMO_ADMIN_PASSWORD" : "DEMO_USER_PASSWORD"})`
          : `  ${person.role.padEnd(5)} ${person.email}  password: ${password}`,
      );
    }
    console.warn(
      ["", "Demo accounts (shown once; change the passwords after signing in at /auth):", ...printed, ""].join("\n"),
    );
  },
};

import { describe, expect, it } from "vitest";
import { fillSettings, withSettings } from "./settings-text";

const settings = {
  name: "Citron Online District",
  contactEmail: "info@example.org",
  prEmail: "press@example.org",
  socialUrl: "https://www.instagram.com/",
};

describe("content texts that name a setting", () => {
  it.each([
    ["Contact the {siteName}", "Contact the Citron Online District"],
    ["mailto:{contactEmail}", "mailto:info@example.org"],
    ["{socialUrl}", "https://www.instagram.com/"],
    ["Write to {prEmail} or {contactEmail}", "Write to press@example.org or info@example.org"],
    ["{unknown} and {constructor} stay", "{unknown} and {constructor} stay"],
    ["<script>{siteName}</script>", "<script>Citron Online District</script>"],
  ])("%s → %s", (text, shown) => {
    expect(withSettings(text, settings)).toBe(shown);
  });

  it("fills every string of a document and leaves numbers and its shape alone", () => {
    expect(
      fillSettings({ title: "{siteName}", links: [{ href: "{socialUrl}", n: 2 }], on: true }, settings),
    ).toEqual({ title: "Citron Online District", links: [{ href: "https://www.instagram.com/", n: 2 }], on: true });
  });
});

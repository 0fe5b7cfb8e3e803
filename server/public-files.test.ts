import { describe, expect, it } from "vitest";
import { mayBePublicFile } from "./public-files";

describe("which requests look for a file in public/", () => {
  it.each(["/favicon.svg", "/og-image.png", "/site.webmanifest", "/images/logo.svg"])("%s: a file", (pathname) => {
    expect(mayBePublicFile(pathname)).toBe(true);
  });

  it.each(["/", "/fees", "/guide", "/fees.data", "/_root.data", "/donate/monthly/abc.data"])(
    "%s: a page or React Router's data, no lookup",
    (pathname) => {
      expect(mayBePublicFile(pathname)).toBe(false);
    },
  );
});

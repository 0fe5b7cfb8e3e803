import { describe, expect, it } from "vitest";
import { isModifiedClick, onlyDialogParamsChanged, urlDialogMode, withDialogParam } from "./dialog-url";

describe("withDialogParam", () => {
  it("sets the parameter and keeps the others", () => {
    expect(withDialogParam("", "register", "abc")).toBe("?register=abc");
    expect(withDialogParam("?page=2", "register", "abc")).toBe("?page=2&register=abc");
    expect(withDialogParam("?register=old&page=2", "register", "new")).toBe("?register=new&page=2");
  });
  it("removes it, leaving no lone question mark", () => {
    expect(withDialogParam("?register=abc", "register", null)).toBe("");
    expect(withDialogParam("?page=2&register=abc", "register", null)).toBe("?page=2");
  });
  it("encodes the value", () => {
    expect(withDialogParam("", "q", "a b&c")).toBe("?q=a+b%26c");
  });
});

describe("urlDialogMode", () => {
  const base = { value: "1", renderedWith: null, hydrated: true, section: "card" } as const;
  it("is closed without the parameter", () => {
    expect(urlDialogMode({ ...base, value: null })).toBe("closed");
    expect(urlDialogMode({ ...base, value: null, hydrated: false })).toBe("closed");
  });
  it("is the page section before hydration, whatever the page has", () => {
    expect(urlDialogMode({ ...base, hydrated: false, renderedWith: "1" })).toBe("section");
    expect(urlDialogMode({ ...base, hydrated: false, renderedWith: "1", section: "none" })).toBe("section");
  });
  it("keeps the section the server rendered once hydrated", () => {
    expect(urlDialogMode({ ...base, renderedWith: "1" })).toBe("section");
    expect(urlDialogMode({ ...base, renderedWith: "1", section: "caller" })).toBe("section");
  });
  it("opens a dialog for a value set after hydration", () => {
    expect(urlDialogMode(base)).toBe("dialog");
    expect(urlDialogMode({ ...base, value: "2", renderedWith: "1" })).toBe("dialog");
  });
  it("opens a dialog where the page has no section of its own", () => {
    expect(urlDialogMode({ ...base, renderedWith: "1", section: "none" })).toBe("dialog");
  });
});

describe("isModifiedClick", () => {
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
  it("leaves new tabs and other buttons to the browser", () => {
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, metaKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, shiftKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, altKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
  });
});

describe("onlyDialogParamsChanged", () => {
  const url = (path: string) => new URL(path, "http://site.test");
  it("is true when a GET only opens or closes a dialog", () => {
    expect(onlyDialogParamsChanged({ currentUrl: url("/fees"), nextUrl: url("/fees?register=a") }, ["register"])).toBe(
      true,
    );
    expect(onlyDialogParamsChanged({ currentUrl: url("/fees?register=a"), nextUrl: url("/fees") }, ["register"])).toBe(
      true,
    );
  });
  it("is false for a post, another page, another parameter or the same URL", () => {
    expect(
      onlyDialogParamsChanged({ currentUrl: url("/fees"), nextUrl: url("/fees?register=a"), formMethod: "POST" }, [
        "register",
      ]),
    ).toBe(false);
    expect(
      onlyDialogParamsChanged({ currentUrl: url("/fees"), nextUrl: url("/donate?register=a") }, ["register"]),
    ).toBe(false);
    expect(onlyDialogParamsChanged({ currentUrl: url("/fees"), nextUrl: url("/fees?page=2") }, ["register"])).toBe(
      false,
    );
    expect(onlyDialogParamsChanged({ currentUrl: url("/fees?a=1"), nextUrl: url("/fees?a=1") }, ["register"])).toBe(
      false,
    );
  });
});

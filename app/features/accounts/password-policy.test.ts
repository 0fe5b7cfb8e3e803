import { describe, expect, it } from "vitest";
import {
  blockedPatterns,
  generatePassword,
  passwordMessages,
  newPasswordProblem,
  passwordProblems,
} from "./password-policy";

const SHORT_NAME = "Citron";

describe("password policy (docs/product.md#5-validation-rules)", () => {
  it.each([
    ["Aa1@xyz", [passwordMessages.length]],
    ["AB1@XYZW", [passwordMessages.lowercase]],
    ["ab1@xyzw", [passwordMessages.uppercase]],
    ["Abc@xyzw", [passwordMessages.number]],
    ["Abc1xyzw", [passwordMessages.special]],
    ["Abc1#xyzw", [passwordMessages.special]],
    [
      "",
      [
        passwordMessages.length,
        passwordMessages.lowercase,
        passwordMessages.uppercase,
        passwordMessages.number,
        passwordMessages.special,
      ],
    ],
  ])("%j breaks exactly the expected rules", (password, expected) => {
    expect(passwordProblems(password, SHORT_NAME)).toEqual(expected);
  });

  it("quotes docs/product.md's messages exactly", () => {
    expect(passwordMessages).toMatchObject({
      length: "Password must be at least 8 characters long.",
      lowercase: "Password must contain at least one lowercase letter.",
      uppercase: "Password must contain at least one uppercase letter.",
      number: "Password must contain at least one number.",
      special: "Password must contain at least one special character (@$!%*?&).",
      common: "Password contains common patterns. Please choose a more secure password.",
      mismatch: "Passwords do not match. Please try again.",
    });
  });

  it.each(["@", "$", "!", "%", "*", "?", "&"])("accepts %s as the special character", (special) => {
    expect(passwordProblems(`Lectern${special}9x`, SHORT_NAME)).toEqual([]);
  });

  it("accepts 8 characters and refuses 7 (the boundary)", () => {
    expect(passwordProblems("Ab1@wxyz", SHORT_NAME)).toEqual([]);
    expect(passwordProblems("Ab1@wxy", SHORT_NAME)).toEqual([passwordMessages.length]);
    expect(passwordProblems(`Ab1@${"x".repeat(124)}`, SHORT_NAME)).toEqual([]);
    expect(passwordProblems(`Ab1@${"x".repeat(125)}`, SHORT_NAME)).toEqual([passwordMessages.tooLong]);
  });

  const blocked = ["123456", "password", "qwerty", "admin", "citron"];
  it("blocks docs/product.md's patterns and the short name", () => {
    expect(blockedPatterns(SHORT_NAME)).toEqual(blocked);
  });

  for (const pattern of blocked) {
    for (const variant of [pattern, pattern.toUpperCase(), pattern[0]!.toUpperCase() + pattern.slice(1)]) {
      it(`blocks "${variant}" inside a password`, () => {
        const password = `Zz9!${variant}Kq`;
        expect(passwordProblems(password, SHORT_NAME)).toContain(passwordMessages.common);
      });
    }
  }

  it("derives the blocked name from SITE_SHORT_NAME", () => {
    expect(passwordProblems("Lemon!Grove7", "Lemon")).toEqual([passwordMessages.common]);
    expect(passwordProblems("Lemon!Grove7", SHORT_NAME)).toEqual([]);
  });

  it.each([
    ["Ab1@wxyz", "Ab1@wxyz", null],
    ["Ab1@wxyz", "Ab1@wxyZ", { kind: "mismatch", message: passwordMessages.mismatch }],
    ["password", "password", { kind: "weak", message: passwordMessages.uppercase }],
    ["citron", "other", { kind: "weak", message: passwordMessages.length }],
  ])("new password %j confirmed as %j -> %j", (password, confirmation, expected) => {
    expect(newPasswordProblem(password, confirmation, SHORT_NAME)).toEqual(expected);
  });

  it("generates passwords that pass the policy", () => {
    for (let seed = 0; seed < 50; seed++) {
      const password = generatePassword((max) => Math.floor(Math.random() * max));
      expect(password).toHaveLength(16);
      expect(passwordProblems(password, SHORT_NAME)).toEqual([]);
    }
  });
});

/**
 * The password rules of docs/product.md#5-validation-rules, shared by the browser (messages while
 * typing) and the server (the authoritative check) for every new password:
 * reset, profile change, admin-created users and the command line.
 */
export const passwordMessages = {
  length: "Password must be at least 8 characters long.",
  lowercase: "Password must contain at least one lowercase letter.",
  uppercase: "Password must contain at least one uppercase letter.",
  number: "Password must contain at least one number.",
  special: "Password must contain at least one special character (@$!%*?&).",
  common: "Password contains common patterns. Please choose a more secure password.",
  mismatch: "Passwords do not match. Please try again.",
  tooLong: "Password must be at most 128 characters long.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;
/** better-auth's upper bound; also keeps hashing cheap. */
export const MAX_PASSWORD_LENGTH = 128;

/** The blocked patterns: docs/product.md's four plus the district's short name (docs/product.md#identity). */
export function blockedPatterns(shortName: string): string[] {
  return ["123456", "password", "qwerty", "admin", shortName.trim().toLowerCase()].filter(Boolean);
}

/** Every rule the password breaks, in docs/product.md's order; empty when it is acceptable. */
export function passwordProblems(password: string, shortName: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(passwordMessages.length);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(passwordMessages.tooLong);
  if (!/[a-z]/.test(password)) problems.push(passwordMessages.lowercase);
  if (!/[A-Z]/.test(password)) problems.push(passwordMessages.uppercase);
  if (!/\d/.test(password)) problems.push(passwordMessages.number);
  if (!/[@$!%*?&]/.test(password)) problems.push(passwordMessages.special);
  const lower = password.toLowerCase();
  if (blockedPatterns(shortName).some((pattern) => lower.includes(pattern))) problems.push(passwordMessages.common);
  return problems;
}

/**
 * A new password and its confirmation, as every form that sets one sends them:
 * the first rule broken (docs/product.md's "Weak Password") or a mismatch ("Password
 * Mismatch"), or null when the password may be used.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
  shortName: string,
): { kind: "weak" | "mismatch"; message: string } | null {
  const [first] = passwordProblems(password, shortName);
  if (first) return { kind: "weak", message: first };
  if (password !== confirmation) return { kind: "mismatch", message: passwordMessages.mismatch };
  return null;
}

/** A password that meets the policy, for demo accounts without a configured one. */
export function generatePassword(randomInt: (max: number) => number): string {
  const sets = ["abcdefghjkmnpqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789", "@$!%*?&"];
  const all = sets.join("");
  const chars = sets.map((set) => set[randomInt(set.length)]!);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

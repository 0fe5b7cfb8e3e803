import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { userNotices } from "../notices";
import { UserManagement, type UserListItem, type UsersActionResult } from "./user-management";

// The page as the server sends it, which is all a browser without JavaScript gets.
const users: UserListItem[] = [
  {
    id: "u-director",
    email: "director@example.org",
    role: "admin",
    created: "",
    lastSignIn: null,
    isProtected: true,
    isSelf: true,
  },
  {
    id: "u-coach",
    email: "coach@example.org",
    role: "user",
    created: "",
    lastSignIn: null,
    isProtected: false,
    isSelf: false,
  },
];

// The open form is the address's (?new=1, ?delete=<id>): the page reads it as the browser gives it.
function render(url: string, props: { result?: UsersActionResult } = {}) {
  const Page = () => (
    <UserManagement users={users} result={props.result} recipients={["info@example.org"]} shortName="citron" />
  );
  const Stub = createRoutesStub([{ path: "/admin/users", Component: Page }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

const occurrences = (html: string, text: string) => html.split(text).length - 1;

describe("User Management without JavaScript", () => {
  it("a refused Add New User shows its message once, in the form, filled in again", () => {
    // The form in the page posts to its own address, so its answer comes back there.
    const html = render("/admin/users?new=1", {
      result: {
        intent: "create",
        ok: false,
        notice: userNotices.createAccountFailed("Password must contain at least one uppercase letter."),
        values: { email: "new.judge@example.org", role: "admin" },
      },
    });
    expect(occurrences(html, "Password must contain at least one uppercase letter.")).toBe(1);
    const form = /<form[^>]*aria-label="Add New User"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain("Password must contain at least one uppercase letter.");
    expect(form).toMatch(/<input[^>]*id="new-user-email"[^>]*value="new\.judge@example\.org"/);
    expect(form).toMatch(/<option value="admin" selected="">/);
    expect(form).toMatch(/<input[^>]*id="new-user-password"[^>]*value=""/);
  });

  it("other notices show at the top, and a successful create closes the form", () => {
    const html = render("/admin/users?new=1", {
      result: { intent: "create", ok: true, notice: userNotices.created("user") },
    });
    expect(occurrences(html, "User created successfully with user role.")).toBe(1);
    expect(html).not.toContain('aria-label="Add New User"');
  });

  it("changes a role only with its Save button (the protected admin has none)", () => {
    const html = render("/admin/users");
    // Two forms per user: the phone card and the table row.
    expect(occurrences(html, 'aria-label="Save role for coach@example.org"')).toBe(2);
    const save = /<button[^>]*aria-label="Save role for coach@example.org"[^>]*>/.exec(html)?.[0] ?? "";
    expect(save).toContain('type="submit"');
    expect(save).toContain('name="intent"');
    expect(save).toContain('value="role"');
    // The server cannot know the choice, so it is never disabled here.
    expect(save).not.toContain("disabled");
    expect(html).not.toContain("Save role for director@example.org");
  });

  it("every form posts to the list, so confirming ?delete=<id> leaves the confirmation", () => {
    const html = render("/admin/users?delete=u-coach");
    expect(html).toContain("Delete user?");
    const actions = [...html.matchAll(/<form[^>]*method="post"[^>]*>/g)].map(
      (tag) => /action="([^"]*)"/.exec(tag[0])?.[1],
    );
    expect(actions.length).toBeGreaterThan(3);
    expect(new Set(actions)).toEqual(new Set(["/admin/users"]));
  });

  it("the delete confirmation says what happens, not that it cannot be undone (docs/product.md#5-validation-rules)", () => {
    const html = render("/admin/users?delete=u-coach");
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("This removes the role of coach@example.org: the account can no longer sign in");
    expect(text).toContain("Its orders and donations stay. An admin can give it a role again from this list.");
    expect(text).not.toContain("cannot be undone");
  });
});

import { Form, NavLink } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

/** The coach's own navigation (decision 0054): their season and their account, and signing out. Plain links. */
export function CoachNav({ email, schools }: { email: string; schools: string[] }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-semibold",
      isActive ? "bg-accent text-accent-foreground" : "text-navy-800 hover:bg-navy-50",
    );
  return (
    <section aria-label="Your coach account" className="border-b border-border bg-navy-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2 sm:px-6">
        <p className="mr-auto min-w-0 text-sm text-stone-700">
          Coach of <span className="font-semibold text-navy-900">{schools.join(", ")}</span>
          <span className="sr-only">, signed in as {email}</span>
        </p>
        <nav aria-label="Coach">
          <ul className="flex gap-1">
            <li>
              <NavLink to="/coach" end className={link}>
                Season
              </NavLink>
            </li>
            <li>
              <NavLink to="/coach/account" className={link}>
                Account
              </NavLink>
            </li>
          </ul>
        </nav>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" size="sm" variant="outline">
            Sign Out
          </Button>
        </Form>
      </div>
    </section>
  );
}

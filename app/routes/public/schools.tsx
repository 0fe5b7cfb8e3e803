import { Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { schoolsContent } from "~/features/content/content.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { SchoolCard } from "~/features/schools/school-card";
import { schoolsInState, selectedState, stateOptions } from "~/features/schools/schools";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, PreviewBanner, Section } from "~/features/shell/page-header";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { LinkButton } from "~/ui/link-button";
import { Select } from "~/ui/select";
import type { Route } from "./+types/schools";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Member Schools",
    description: (siteName) =>
      `The Jewish day schools and yeshiva high schools whose students compete with the ${siteName}, in New York, New Jersey, Florida, Illinois, Pennsylvania, California, Colorado and Kansas.`,
    path: "/schools",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // To signed-in staff at /schools?preview=schools: the draft (decision 0039).
  const draft = await previewDraft(request, context, "schools");
  const schools = draft?.schools ?? schoolsContent();
  const states = stateOptions(schools);
  return { preview: draft ? "schools" : null, schools, states, state: selectedState(new URL(request.url).searchParams.get("state"), states) };
}

// The list is static: changing the filter with JavaScript only rewrites the URL, without a round trip.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && (!formMethod || formMethod === "GET")) return false;
  return defaultShouldRevalidate;
}

export default function SchoolsPage({ loaderData }: Route.ComponentProps) {
  const { schools, states } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL decides (server render, back button, shared links); the loader reads the same rule.
  const state = selectedState(searchParams.get("state"), states);
  const visible = schoolsInState(schools, state);
  const showState = (value: string) =>
    setSearchParams(value ? { state: value } : {}, { replace: true, preventScrollReset: true });
  // A state chosen before the page's scripts ran (they start at the first input, decision 0021) is in the
  // select but not yet in the URL: apply it once React runs.
  const select = useRef<HTMLSelectElement>(null);
  const chosenEarly = useRef(true);
  useEffect(() => {
    if (!chosenEarly.current) return;
    chosenEarly.current = false;
    const chosen = select.current?.value ?? "";
    if (chosen !== (state ?? "")) showState(chosen);
  });
  const stateName = states.find((option) => option.code === state)?.name;

  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <PageHeader
        eyebrow="Our Schools"
        title="Member Schools"
        lead="Students from these schools compete together online, on the days they can: Sunday through Thursday."
      />
      <Section aria-labelledby="directory-heading">
        <h2 id="directory-heading" className="sr-only">
          School directory
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
          <div className="grid w-full gap-2 sm:w-72">
            <Label htmlFor="state-filter">Filter by state</Label>
            <Select
              ref={select}
              id="state-filter"
              name="state"
              value={state ?? ""}
              onChange={(event) => showState(event.currentTarget.value)}
            >
              <option value="">All States</option>
              {states.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </Select>
          </div>
          {/* Without JavaScript the form is submitted; with it the list follows the select at once.
              (noscript, not a class toggled after hydration: nothing below moves when JavaScript starts.) */}
          <noscript>
            <Button type="submit" variant="outline">
              Apply filter
            </Button>
          </noscript>
          <p className="text-sm text-muted-foreground sm:ml-auto" role="status" data-testid="schools-count">
            Showing {visible.length} {visible.length === 1 ? "school" : "schools"}
            {stateName ? ` in ${stateName}` : " in all states"}
          </p>
        </Form>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Member schools">
          {visible.map((school, index) => (
            <li key={school.slug}>
              <SchoolCard school={school} eager={index < 4} />
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="join-heading" className="pt-0 md:pt-0">
        <div className="grid gap-6 rounded-card bg-navy-900 p-8 text-white md:grid-cols-[1fr_auto] md:items-center md:p-10">
          <div>
            <h2 id="join-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Want your school to join?
            </h2>
            <p className="mt-3 max-w-2xl leading-relaxed text-navy-100">
              Any high school whose students cannot compete on Friday or Saturday is welcome. We help new schools start
              a team, train coaches and judges, and enter their first online tournament. Contact the district and we
              will walk you through membership.
            </p>
          </div>
          <LinkButton to="/contact" variant="accent" size="lg">
            <Mail aria-hidden="true" />
            Contact the District
          </LinkButton>
        </div>
      </Section>
    </>
  );
}

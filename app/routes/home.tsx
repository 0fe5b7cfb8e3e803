import { CalendarDays } from "lucide-react";
import { GetInvolvedButton } from "~/features/contact/get-involved-button";
import { pageMeta } from "~/features/site/meta";
import { useSite } from "~/features/site/use-site";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Citron Online District | Online speech, debate and model congress",
    description:
      "An NSDA district for high school students who cannot compete on Friday or Saturday: coaching, online tournaments, summer camps and a path to Nationals.",
    path: "/",
  });

export default function Home() {
  const site = useSite();
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-[28rem] rounded-full bg-citron-400/15 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-citron-400/40 bg-citron-400/10 px-3 py-1 text-sm font-semibold text-citron-200">
              An NSDA district, chartered in 2022
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {site.name}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-navy-100 sm:text-xl">
              Our vision: every student who keeps a day of rest still gets a national stage. We bring
              speech, debate and model congress online, on the days our students can compete.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <GetInvolvedButton />
              <LinkButton
                to="/events"
                size="lg"
                variant="outline"
                className="border-navy-300/60 bg-transparent text-white hover:bg-white/10"
              >
                <CalendarDays aria-hidden="true" />
                View Events
              </LinkButton>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 text-center">
            {[
              ["Online", "every tournament"],
              ["Sun–Thu", "competition days"],
              ["14", "competitive events"],
              ["1931", "Nationals founded"],
            ].map(([value, label]) => (
              <div key={label} className="rounded-card border border-white/10 bg-white/5 p-5">
                <dt className="sr-only">{label}</dt>
                <dd className="text-2xl font-extrabold text-citron-300 sm:text-3xl">{value}</dd>
                <dd className="mt-1 text-sm text-navy-100">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}

import { ExternalLink, MapPin } from "lucide-react";
import type { School } from "~/features/content/schemas";
import { usStates } from "~/features/content/vocabulary";
import { Card } from "~/ui/card";
import { SchoolLogo } from "./school-logo";

export function SchoolCard({ school, eager }: { school: School; eager?: boolean }) {
  const space = school.name.lastIndexOf(" ");
  const leading = school.name.slice(0, space + 1);
  const lastWord = school.name.slice(space + 1);
  return (
    <Card className="h-full gap-4 p-5">
      <div className="flex items-start gap-4">
        <SchoolLogo src={school.logo} name={school.name} alt={school.logoAlt} eager={eager} />
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-bold">
            <a
              href={school.website}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-sm text-navy-900 underline decoration-navy-200 underline-offset-4 hover:decoration-navy-700"
            >
              {leading}
              {/* The icon stays on the line of the name's last word. */}
              <span className="whitespace-nowrap">
                {lastWord}
                <ExternalLink className="ml-1 inline size-3.5 align-baseline text-navy-500" aria-hidden="true" />
              </span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden="true" />
            {school.city}, <span data-testid="school-state">{usStates[school.state]}</span>
          </p>
        </div>
      </div>
      <p className="text-[0.9375rem] leading-relaxed text-stone-700">{school.description}</p>
    </Card>
  );
}

import type { Qualifier } from "~/features/content/schemas";
import { InitialsAvatar } from "~/features/team/coach-card";
import { ExpandableBio } from "~/features/team/expandable-bio";
import { qualifierBioRule } from "~/features/team/truncate-bio";
import { Badge } from "~/ui/badge";
import { Card } from "~/ui/card";

/** A qualifier as the page shows one: the bio's plain text, and its HTML when its Markdown changes something. */
export type ShownQualifier = Qualifier & { bioHtml?: string };

export function QualifierCard({ qualifier }: { qualifier: ShownQualifier }) {
  return (
    <Card className="h-full gap-3 p-5">
      <div className="flex items-center gap-3">
        <InitialsAvatar name={qualifier.name} className="size-12 bg-navy-800 text-base" />
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-bold">{qualifier.name}</h3>
          <p className="truncate text-sm text-muted-foreground">{qualifier.school}</p>
        </div>
      </div>
      <Badge variant="accent" className="text-[0.8125rem]">
        {qualifier.event}
      </Badge>
      <ExpandableBio bio={qualifier.bio} html={qualifier.bioHtml} rule={qualifierBioRule} subject={qualifier.name} />
    </Card>
  );
}

import { Link } from "react-router";
import type { Board, Coach } from "~/features/content/schemas";
import { Card, CardHeader, CardTitle } from "~/ui/card";
import { cn } from "~/ui/cn";
import { ExpandableBio } from "./expandable-bio";
import { initialsOf, specialtyChip } from "./specialties";
import { coachBioRule } from "./truncate-bio";

const chipClasses = "inline-flex min-h-8 items-center rounded-full border px-3 text-[0.8125rem] font-semibold";

/** An initials avatar: people's photos are never hot-linked (docs/design.md#images). */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-bold text-citron-300",
        // A className given sets size, background and type size.
        className ?? "size-14 bg-navy-800 text-lg",
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * A coach as /about shows one: the bio's plain text (for the preview) and its HTML (app/features/content/markdown.server.ts),
 * and the photo's sources worked out by the loader (so the card carries no image code of its own).
 */
export type ShownCoach = Omit<Coach, "photo"> & {
  bioHtml?: string;
  photo?: { src: string; srcSet?: string; alt: string };
};

export function CoachCard({ coach }: { coach: ShownCoach }) {
  return (
    <Card className="gap-5">
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
        {coach.photo ? (
          // An uploaded photo, re-encoded by the server (app/features/products/images/images.server.ts): never hot-linked.
          <img
            src={coach.photo.src}
            srcSet={coach.photo.srcSet}
            sizes="56px"
            alt={coach.photo.alt}
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <InitialsAvatar name={coach.name} />
        )}
        <div>
          <CardTitle className="text-xl">{coach.name}</CardTitle>
          <p className="text-sm font-medium text-muted-foreground">{coach.role}</p>
        </div>
      </CardHeader>
      <ExpandableBio bio={coach.bio} html={coach.bioHtml} rule={coachBioRule} subject={coach.name} />
      <div>
        <ul className="flex flex-wrap gap-2" aria-label={`Specialties of ${coach.name}`}>
          {coach.specialties.map((slug) => {
            const chip = specialtyChip(slug);
            return (
              <li key={slug}>
                {chip.href ? (
                  <Link
                    to={chip.href}
                    className={cn(
                      chipClasses,
                      "border-citron-600/40 bg-citron-100 text-navy-900 hover:border-citron-600 hover:bg-citron-200",
                    )}
                  >
                    {chip.label}
                  </Link>
                ) : (
                  <span className={cn(chipClasses, "border-border bg-muted text-stone-700")}>{chip.label}</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}

export function BoardCard({ board }: { board: Board }) {
  return (
    <Card className="bg-navy-900 text-white">
      <CardHeader>
        <CardTitle className="text-xl text-white">{board.name}</CardTitle>
        <p className="text-[0.9375rem] leading-relaxed text-navy-100">{board.description}</p>
      </CardHeader>
      <ul className="grid gap-3 sm:grid-cols-2">
        {board.members.map((member) => (
          <li key={member.name} className="flex items-center gap-3">
            <InitialsAvatar name={member.name} className="size-10 bg-white/10 text-sm" />
            <span>
              <span className="block font-semibold">{member.name}</span>
              <span className="block text-sm text-navy-200">{member.role}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

import { teamContent } from "~/features/content/content.server";
import { markdownForPage } from "~/features/content/markdown.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { PageHeader, PreviewBanner, Section } from "~/features/shell/page-header";
import { pageMeta } from "~/features/shell/meta";
import { productImageSources } from "~/features/products/images/product-image";
import { BoardCard, CoachCard, type ShownCoach } from "~/features/team/coach-card";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Team",
    description:
      "Meet the coaches who lead the district's debate, speech and congress programs, and the Board of Directors and Student Leadership Board who guide it.",
    path: "/about",
  });

/** The live team, or to signed-in staff at /about?preview=team, its draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await previewDraft(request, context, "team");
  const team = draft ?? teamContent();
  // Bios are staff Markdown (decision 0039): HTML made here, plain text for the shortened preview.
  const coaches: ShownCoach[] = team.coaches.map(({ photo, ...coach }) => {
    const bio = markdownForPage(coach.bio);
    return {
      ...coach,
      bio: bio.text,
      bioHtml: bio.html,
      photo: photo && { ...productImageSources(photo.src), alt: photo.alt },
    };
  });
  return { ...team, coaches, preview: draft ? "team" : null };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { coaches, boards } = loaderData;
  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <PageHeader
        eyebrow="Team"
        title="Our Team"
        lead="Experienced coaches, volunteer directors and student leaders who build the district together. Choose a specialty to read about the event in the Competition Guide."
      />
      <Section aria-labelledby="coaches-heading">
        <h2 id="coaches-heading" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          Coaches
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {coaches.map((coach) => (
            <li key={coach.slug} className="grid">
              <CoachCard coach={coach} />
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="boards-heading" className="pt-0 md:pt-0">
        <h2 id="boards-heading" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          Leadership
        </h2>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {boards.map((board) => (
            <BoardCard key={board.name} board={board} />
          ))}
        </div>
      </Section>
    </>
  );
}

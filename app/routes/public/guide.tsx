import type { ShouldRevalidateFunctionArgs } from "react-router";
import { loadGuidePage } from "~/features/guide/content.server";
import { GuideView, preloadGuideView } from "~/features/guide/guide-view";
import { defaultEventId } from "~/features/guide/slugs";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader } from "~/features/shell/page-header";
import type { Route } from "./+types/guide";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  await preloadGuideView();
  return loadGuidePage(url.searchParams.get("event"));
}

// Switching tabs only changes ?tab=: the event's data is already here.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("event") === nextUrl.searchParams.get("event")
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const event = loaderData?.event;
  if (!event) {
    return pageMeta(matches, {
      title: "Competition Guide",
      description: "Formats, judging and preparation for every event.",
      path: "/guide",
    });
  }
  return pageMeta(matches, {
    title: event.id === defaultEventId ? "Competition Guide" : `${event.name}: Competition Guide`,
    description: event.description,
    path: event.id === defaultEventId ? "/guide" : `/guide?event=${event.id}`,
  });
};

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Congress · Debate · Speech"
        title="Competition Guide"
        lead="How each event works, what judges look for and how to prepare: pick an event to see its format, judging, advanced content and videos."
      />
      <GuideView groups={loaderData.groups} event={loaderData.event} />
    </>
  );
}

import { CalendarDays, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { formatCents } from "~/core/format";
import type { ProductImageSources } from "~/features/products/images/product-image";
import { progressPercent, type CampaignPhase } from "./campaign-progress";
import { CAMPAIGN_FEED_PATH, type CampaignProgressMessage } from "./feed";

/** A campaign as the public /donate page shows it. */
export type PublicCampaign = {
  slug: string;
  name: string;
  story: string;
  image: ProductImageSources | null;
  goalCents: number;
  raisedCents: number;
  donors: number;
  phase: CampaignPhase;
  /** "Sun, Oct 4, 2026" */
  startsOn: string;
  endsOn: string;
};

export function donorsText(donors: number): string {
  return donors === 1 ? "1 donor" : `${donors.toLocaleString("en-US")} donors`;
}

export function raisedText(raisedCents: number, goalCents: number): string {
  return `${formatCents(raisedCents)} raised of ${formatCents(goalCents)} goal`;
}

/**
 * The campaign's figures, live: the server's figures first (all a page without
 * JavaScript has), then each `progress` message of the campaign's feed.
 */
export function useLiveProgress(slug: string, initial: CampaignProgressMessage): CampaignProgressMessage {
  const [state, setState] = useState({ base: initial, live: initial });
  if (
    state.base.raisedCents !== initial.raisedCents ||
    state.base.goalCents !== initial.goalCents ||
    state.base.donors !== initial.donors
  ) {
    setState({ base: initial, live: initial });
  }
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`${CAMPAIGN_FEED_PATH}?${new URLSearchParams({ campaign: slug })}`);
    source.addEventListener("progress", (event) => {
      try {
        const message = JSON.parse((event as MessageEvent<string>).data) as CampaignProgressMessage;
        if (
          typeof message.raisedCents === "number" &&
          typeof message.goalCents === "number" &&
          typeof message.donors === "number"
        ) {
          setState((previous) => ({ ...previous, live: message }));
        }
      } catch {
        // A malformed message changes nothing.
      }
    });
    return () => source.close();
  }, [slug]);
  return state.live;
}

export function CampaignProgressBar({ raisedCents, goalCents, donors }: CampaignProgressMessage) {
  const percent = progressPercent(raisedCents, goalCents);
  const text = raisedText(raisedCents, goalCents);
  return (
    <div className="grid gap-2" data-testid="campaign-progress">
      <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-lg font-bold text-navy-900 tabular">{text}</span>
        <span className="inline-flex items-center gap-1.5 text-sm text-stone-700 tabular">
          <Users aria-hidden="true" className="size-4" />
          {donorsText(donors)}
        </span>
      </p>
      <div
        role="progressbar"
        aria-label="Raised so far"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text}, ${donorsText(donors)}`}
        className="h-3 w-full overflow-hidden rounded-full bg-sand-200 ring-1 ring-inset ring-navy-900/10"
      >
        <div
          className="h-full rounded-full bg-citron-500 motion-safe:transition-[width] motion-safe:duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

const phaseNote: Record<CampaignPhase, (campaign: PublicCampaign) => string> = {
  open: (campaign) => `Until ${campaign.endsOn}`,
  upcoming: (campaign) => `Starts ${campaign.startsOn}: gifts made now go to our general fund`,
  ended: (campaign) => `Ended ${campaign.endsOn}: gifts made now go to our general fund`,
};

/** The campaign above the donation form: name, story, picture and its live progress. */
export function CampaignPanel({ campaign }: { campaign: PublicCampaign }) {
  const live = useLiveProgress(campaign.slug, {
    raisedCents: campaign.raisedCents,
    goalCents: campaign.goalCents,
    donors: campaign.donors,
  });
  return (
    <section
      aria-labelledby="campaign-name"
      className="mb-8 overflow-hidden rounded-card border border-border bg-card shadow-sm"
    >
      <div className="grid gap-0 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        {campaign.image ? (
          <img
            src={campaign.image.src}
            srcSet={campaign.image.srcSet}
            sizes="(min-width: 640px) 14rem, 100vw"
            alt=""
            className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:h-full"
          />
        ) : null}
        <div className={campaign.image ? "grid gap-4 p-5 sm:p-6" : "grid gap-4 p-5 sm:col-span-2 sm:p-6"}>
          <div>
            <p className="text-sm font-semibold tracking-wide text-navy-700 uppercase">Campaign</p>
            <h2 id="campaign-name" className="text-2xl font-bold text-navy-900 wrap-anywhere">
              {campaign.name}
            </h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {phaseNote[campaign.phase](campaign)}
            </p>
          </div>
          <p className="leading-relaxed whitespace-pre-line text-stone-800 wrap-anywhere">{campaign.story}</p>
          <CampaignProgressBar {...live} />
        </div>
      </div>
    </section>
  );
}

import { CreditCard, HandHeart, Mail, ReceiptText, ShieldCheck } from "lucide-react";
import { lazyUntilUsed } from "~/ui/lazy-in-browser";
import { handleDonation } from "~/features/donations/donate-action.server";
import { CompleteDonation } from "~/features/donations/complete-donation";
import { openDonationCheckout } from "~/features/donations/open-checkout.server";
import { donationSettings } from "~/features/donations/settings.server";
import { acceptAmountEdit } from "~/features/donations/amount";
import { defaultSummaryYear, summaryYears } from "~/features/donations/year-summary/summary";
import { summaryRequestAnchor } from "~/features/donations/year-summary/rules";
import { getDb } from "~/db/context";
import { CampaignPanel } from "~/features/campaigns/campaign-panel";
import { campaignForGift } from "~/features/campaigns/campaigns.server";
import { campaignForDonatePage } from "~/features/campaigns/public.server";
import { pageMeta } from "~/features/shell/meta";
import { useSite } from "~/features/shell/use-site";
import { PageHeader, Section } from "~/features/shell/page-header";
import type { Route } from "./+types/donate";

// In the HTML at once, but its code (Conform, about 10 KB) loads when someone reaches for the form (decision 0019).
const DonationForm = lazyUntilUsed(() =>
  import("~/features/donations/donation-form").then((module) => module.DonationForm),
);
const GivingSummaryForm = lazyUntilUsed(() =>
  import("~/features/donations/year-summary/form").then((module) => module.GivingSummaryForm),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Donate",
    description:
      "Support the Citron Online District: a tax-deductible gift, optionally in memory or in honor of someone, with a receipt by email.",
    path: "/donate",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await Promise.all([DonationForm.preload(), GivingSummaryForm.preload()]);
  const settings = donationSettings();
  const params = new URL(request.url).searchParams;
  // A quick-pick without JavaScript is a link: /donate?amount=50.
  const preset = params.get("amount") ?? "";
  // The named campaign (/donate?campaign=slug) or the active one, with its progress (decision 0035).
  const campaign = await campaignForDonatePage(getDb(context), params);
  return {
    config: {
      maxCents: settings.maxCents,
      contactEmail: settings.contactEmail,
      fee: settings.fee,
      presetAmount: acceptAmountEdit("", preset.slice(0, 12)),
      campaignSlug: campaign?.phase === "open" ? campaign.slug : null,
    },
    campaign,
    taxId: settings.taxId,
    legalName: settings.legalName,
    summary: { years: summaryYears(new Date()), defaultYear: defaultSummaryYear(new Date()) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDonation(request, context, openDonationCheckout, { findCampaign: campaignForGift });
}

/** The 429's Retry-After reaches the browser; the layout's headers pass through. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const about = [
  {
    icon: ReceiptText,
    title: "Tax deductible",
    text: "We are a 501(c)(3) non-profit, so your gift is tax deductible to the extent allowed by law.",
  },
  {
    icon: ShieldCheck,
    title: "Secure payment",
    text: "You pay on our card provider's secure page. Your card details never reach our website.",
  },
  {
    icon: Mail,
    title: "Receipt by email",
    text: "As soon as your payment goes through, we email a receipt you can file with your taxes.",
  },
  {
    icon: HandHeart,
    title: "Your impact",
    text: "Gifts pay for coaching, judges, tournament entries and the trip to Nationals for students who cannot compete on Friday or Saturday.",
  },
];

export default function DonatePage({ loaderData, actionData }: Route.ComponentProps) {
  const ready = actionData?.status === "ready" ? actionData.checkout : null;
  const site = useSite();
  return (
    <>
      <PageHeader
        eyebrow="Donate"
        title={`Support the ${site.name}`}
        lead="Give a student a seat at the table. Every gift helps students compete, on days they can."
      />
      <Section className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div>
          {loaderData.campaign ? <CampaignPanel campaign={loaderData.campaign} /> : null}
          {ready ? <CompleteDonation url={ready.url} summary={ready.summary} /> : null}
          <div className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-8">
            <h2 className="mb-6 text-2xl font-bold text-navy-900">Make a donation</h2>
            <DonationForm config={loaderData.config} actionData={actionData} />
          </div>
        </div>
        <aside aria-labelledby="about-donation" className="rounded-card border border-border bg-sand-100 p-6">
          <h2 id="about-donation" className="mb-5 flex items-center gap-2 text-xl font-bold text-navy-900">
            <CreditCard aria-hidden="true" className="size-5" />
            About Your Donation
          </h2>
          <ul className="grid gap-5">
            {about.map((item) => (
              <li key={item.title} className="flex gap-3">
                <item.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
                <div>
                  <h3 className="font-semibold text-navy-900">{item.title}</h3>
                  <p className="text-sm leading-relaxed text-stone-700">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-6 border-t border-border pt-4 text-sm text-stone-700">
            {loaderData.legalName}
            <br />
            Tax ID (EIN): <span className="font-semibold tabular">{loaderData.taxId}</span>
          </p>
          <GivingSummaryCard {...loaderData.summary} />
        </aside>
      </Section>
    </>
  );
}

/** The year-end giving summary on request (decision 0034): a small form posting to /donate/summary. */
function GivingSummaryCard({ years, defaultYear }: { years: number[]; defaultYear: number }) {
  return (
    <section
      id={summaryRequestAnchor}
      aria-labelledby="giving-summary-title"
      className="mt-6 scroll-mt-24 border-t border-border pt-5"
    >
      <h2 id="giving-summary-title" className="text-lg font-bold text-navy-900">
        Giving summary for your taxes
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-700">
        Every gift you made in a year, with the total, by email. We send it only to the address you type.
      </p>
      <GivingSummaryForm years={years} defaultYear={defaultYear} />
    </section>
  );
}

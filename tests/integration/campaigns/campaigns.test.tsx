import { eq } from "drizzle-orm";
import sharp from "sharp";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { PubSub } from "~/db/pubsub.server";
import { closeAllStreams } from "~/core/sse.server";
import { auditLog, campaigns, checkouts, orders, productImages, refunds } from "~/db/schema";
import { emailOutbox } from "~/db/schema/email";
import { rateLimits } from "~/db/schema/rate-limits";
import type { DonateActionData } from "~/features/donations/action-data";
import { donationsCsv } from "~/features/donations/donation-csv";
import { donationsForExport, listDonations } from "~/features/donations/donations.server";
import { addDays, todayInNewYork } from "~/features/events/dates";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { refundOrder } from "~/features/payments/refunds/refunds.server";
import { pruneUnusedImages } from "~/features/products/images/image-sweep.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/campaigns";
import { action as donateAction, loader as donateLoader } from "~/routes/public/donate";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { fulfilPaid, useDonationTestEnv, useTestProvider, validDonation } from "#tests/support/donations";
import { campaignMessages } from "~/features/campaigns/campaign-form";
import { CampaignPanel } from "~/features/campaigns/campaign-panel";
import { CAMPAIGNS_CHANNEL, campaignProgress, deleteCampaign } from "~/features/campaigns/campaigns.server";
import { campaignFeedResponse, useCampaignFeedPubSub } from "~/features/campaigns/feed.server";

let database: TestDatabase;
let admin: Awaited<ReturnType<typeof signedInAccount>>;
let coach: Awaited<ReturnType<typeof signedInAccount>>;
const staff = { id: null, email: "director@example.org" };
const today = todayInNewYork();

beforeAll(async () => {
  useDonationTestEnv({ DONATION_RATE_LIMIT_MAX: "100" });
  useTestProvider();
  database = await createTestDatabase();
  admin = await signedInAccount(database.db, "director@example.org", "admin");
  coach = await signedInAccount(database.db, "coach@example.org", "user");
});
afterAll(async () => {
  closeAllStreams();
  setEnvForTests(undefined);
  setPaymentProviderForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(refunds);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimits);
  await database.db.delete(campaigns);
});

const validCampaign = {
  intent: "save",
  name: "Nationals Travel Fund",
  slug: "nationals-2027",
  goal: "5000",
  startsOn: addDays(today, -3),
  endsOn: addDays(today, 10),
  story: "Send our qualifiers to Nationals in June.",
};

type AdminAnswer = {
  status: number;
  location: string | null;
  errors: Record<string, string[] | null>;
  message?: string;
};

/** Posts the campaign form as a browser does (multipart, with an optional image). */
async function postCampaign(
  fields: Record<string, string>,
  options: { cookie?: string; image?: File; path?: string } = {},
): Promise<AdminAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (options.image) body.set("image", options.image);
  const request = new Request(`http://localhost${options.path ?? "/admin/campaigns?new=1"}`, {
    method: "POST",
    headers: { Cookie: options.cookie ?? admin.cookie },
    body,
  });
  try {
    const result = (await adminAction({ request, context: database.context(), params: {} } as never)) as unknown;
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location"), errors: {} };
    const answer = result as {
      data: { result?: { error?: Record<string, string[] | null> }; message?: string };
      init: ResponseInit | null;
    };
    return {
      status: answer.init?.status ?? 200,
      location: null,
      errors: answer.data.result?.error ?? {},
      message: answer.data.message,
    };
  } catch (thrown) {
    const response = thrown as { init?: ResponseInit; status?: number };
    return { status: response.init?.status ?? response.status ?? 0, location: null, errors: {} };
  }
}

async function donate(fields: Record<string, string>, path = "/donate") {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const context = database.context({ clientAddress: "203.0.113.9" });
  const result = (await donateAction({ request, context, params: {} } as never)) as unknown as {
    data: DonateActionData;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

async function donatePage(query = "") {
  return donateLoader({
    request: new Request(`http://localhost/donate${query}`),
    context: database.context(),
    params: {},
  } as never);
}

/** A paid gift through the campaign's form; returns its orders row. */
async function paidGift(slug: string, fields: Record<string, string> = {}) {
  const answer = await donate({
    ...validDonation,
    coverFee: "",
    memorialType: "none",
    memorialDetails: "",
    notifyEmail: "",
    ...fields,
    campaign: slug,
  });
  expect(answer.status).toBe(200);
  const [row] = await database.db
    .select()
    .from(orders)
    .orderBy(orders.createdAt)
    .limit(1)
    .offset((await database.db.select().from(orders)).length - 1);
  expect(await fulfilPaid(database.db, row!.checkoutId!)).toBe(true);
  return (await database.db.query.orders.findFirst({ where: eq(orders.id, row!.id) }))!;
}

const bySlug = async (slug: string) => (await database.db.select().from(campaigns).where(eq(campaigns.slug, slug)))[0];

describe("staff create and edit campaigns", () => {
  it("refuses non-admins (403) and anonymous visitors, and changes nothing", async () => {
    expect((await postCampaign(validCampaign, { cookie: coach.cookie })).status).toBe(403);
    const anonymous = await postCampaign(validCampaign, { cookie: "" });
    expect([302, 303, 403]).toContain(anonymous.status);
    expect(await database.db.select().from(campaigns)).toEqual([]);
  });

  it("creates a valid campaign, audited, and redirects to the list with a notice", async () => {
    const answer = await postCampaign(validCampaign);
    expect(answer).toMatchObject({ status: 302, location: "/admin/campaigns" });
    expect(await bySlug("nationals-2027")).toMatchObject({
      name: "Nationals Travel Fund",
      goalCents: 500_000,
      startsOn: validCampaign.startsOn,
      endsOn: validCampaign.endsOn,
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "campaign.create"));
    expect(audit).toHaveLength(1);
    const listed = (await adminLoader({
      request: browserRequest("/admin/campaigns", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      campaigns: Array<{ name: string; goal: string; raised: string; phase: string }>;
    };
    expect(listed.campaigns).toMatchObject([
      { name: "Nationals Travel Fund", goal: "$5,000.00", raised: "$0.00", phase: "open" },
    ]);
  });

  it.each([
    [
      "everything empty",
      { name: "", goal: "", startsOn: "", endsOn: "", story: "", slug: "" },
      {
        name: campaignMessages.name,
        goal: campaignMessages.goal,
        startsOn: campaignMessages.startsOn,
        endsOn: campaignMessages.endsOn,
        story: campaignMessages.story,
      },
    ],
    ["a name too long", { name: "N".repeat(121) }, { name: campaignMessages.nameTooLong }],
    ["a story too long", { story: "S".repeat(2001) }, { story: campaignMessages.storyTooLong }],
    ["a goal of zero", { goal: "0" }, { goal: campaignMessages.goalPositive }],
    ["a negative goal", { goal: "-50" }, { goal: campaignMessages.goalPositive }],
    ["a goal with three decimals", { goal: "10.005" }, { goal: campaignMessages.goalDecimals }],
    ["a goal over the ceiling", { goal: "10000000.01" }, { goal: campaignMessages.goalMax }],
    [
      "an end before the start",
      { startsOn: addDays(today, 5), endsOn: addDays(today, 4) },
      { endsOn: campaignMessages.endBeforeStart },
    ],
    ["a day that does not exist", { startsOn: "2027-02-30" }, { startsOn: campaignMessages.startsOn }],
    ["an address with a slash", { slug: "../admin" }, { slug: campaignMessages.slug }],
    ["a name with nothing to make an address from", { name: "!!!", slug: "" }, { slug: campaignMessages.slug }],
  ])("refuses %s with a message on the field (400), saving nothing", async (_label, fields, expected) => {
    const answer = await postCampaign({ ...validCampaign, ...fields });
    expect(answer.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(answer.errors[field]).toEqual([message]);
    expect(await database.db.select().from(campaigns)).toEqual([]);
  });

  it("refuses an address another campaign uses (409), whatever its case", async () => {
    expect((await postCampaign(validCampaign)).status).toBe(302);
    const again = await postCampaign({ ...validCampaign, name: "Another drive", slug: "Nationals-2027" });
    expect(again.status).toBe(409);
    expect(again.errors.slug).toEqual([campaignMessages.slugTaken]);
    expect(await database.db.select().from(campaigns)).toHaveLength(1);
  });

  it("makes the address from the name when it is left empty", async () => {
    expect(
      (await postCampaign({ ...validCampaign, slug: "", name: "Spring Drive: Judges & Coaches 2027!" })).status,
    ).toBe(302);
    expect(await bySlug("spring-drive-judges-coaches-2027")).toBeTruthy();
  });

  it("stores hostile text as text: markup kept verbatim and shown escaped, control characters dropped", async () => {
    const name = `<img src=x onerror="alert(1)">Drive`;
    const story = `<script>alert("story")</script>\u0000\u0007 Line two`;
    expect((await postCampaign({ ...validCampaign, name, story })).status).toBe(302);
    const saved = await bySlug("nationals-2027");
    expect(saved).toMatchObject({ name, story: `<script>alert("story")</script> Line two` });
    const page = (await donatePage()) as { campaign: Parameters<typeof CampaignPanel>[0]["campaign"] };
    const html = renderToString(<CampaignPanel campaign={page.campaign} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
  });

  it("edits a campaign, keeping its gifts; re-encodes an uploaded image into the product image variants", async () => {
    expect((await postCampaign(validCampaign)).status).toBe(302);
    const campaign = (await bySlug("nationals-2027"))!;
    const bytes = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#1d2b53" } })
      .png()
      .toBuffer();
    const image = new File([new Uint8Array(bytes)], "team.png", { type: "image/png" });
    const answer = await postCampaign(
      { ...validCampaign, id: campaign.id, goal: "7500.50" },
      { image, path: `/admin/campaigns?edit=${campaign.id}` },
    );
    expect(answer.status).toBe(302);
    const saved = (await bySlug("nationals-2027"))!;
    expect(saved.goalCents).toBe(750_050);
    expect(saved.imageUrl).toMatch(/^\/product-images\/[a-f0-9]+-640\.webp$/);
    const stored = await database.db.select({ key: productImages.key }).from(productImages);
    expect(stored.map((row) => row.key.split("-")[1]).sort()).toEqual(["160.webp", "640.webp"]);
    // The hourly sweep keeps what a campaign shows, even a day later.
    expect(await pruneUnusedImages(database.db, new Date(Date.now() + 3 * 86_400_000))).toBe(0);
  });

  it("refuses a file that is not an image, keeping the form's messages", async () => {
    const image = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "logo.png", { type: "image/png" });
    const answer = await postCampaign(validCampaign, { image });
    expect(answer.status).toBe(422);
    expect(answer.errors.image?.[0]).toMatch(/file type/i);
    expect(await database.db.select().from(campaigns)).toEqual([]);
  });

  it("deletes a campaign without gifts; one with gifts stays (409)", async () => {
    expect((await postCampaign(validCampaign)).status).toBe(302);
    expect((await postCampaign({ ...validCampaign, name: "Quiet", slug: "quiet" })).status).toBe(302);
    await paidGift("nationals-2027");
    const withGifts = (await bySlug("nationals-2027"))!;
    const quiet = (await bySlug("quiet"))!;
    expect(await deleteCampaign(database.db, staff, withGifts.id)).toMatchObject({ ok: false, status: 409 });
    const answer = await postCampaign(
      { intent: "delete", id: quiet.id },
      { path: `/admin/campaigns?delete=${quiet.id}` },
    );
    expect(answer).toMatchObject({ status: 302, location: "/admin/campaigns" });
    expect((await database.db.select().from(campaigns)).map((row) => row.slug)).toEqual(["nationals-2027"]);
  });
});

describe("gifts through a campaign", () => {
  beforeEach(async () => {
    await database.db.insert(campaigns).values([
      {
        slug: "nationals-2027",
        name: "Nationals Travel Fund",
        goalCents: 500_000,
        startsOn: addDays(today, -3),
        endsOn: addDays(today, 10),
        story: "Travel.",
      },
      {
        slug: "judges",
        name: "Judges Fund",
        goalCents: 100_000,
        startsOn: addDays(today, -1),
        endsOn: addDays(today, 3),
        story: "Judges.",
      },
      {
        slug: "last-spring",
        name: "Last Spring",
        goalCents: 100_000,
        startsOn: addDays(today, -90),
        endsOn: addDays(today, -1),
        story: "Over.",
      },
      {
        slug: "next-fall",
        name: "Next Fall",
        goalCents: 100_000,
        startsOn: addDays(today, 5),
        endsOn: addDays(today, 30),
        story: "Soon.",
      },
    ]);
  });

  it("/donate shows the open campaign ending soonest, and the named one with ?campaign=", async () => {
    const plain = (await donatePage()) as {
      campaign: { slug: string; phase: string };
      config: { campaignSlug: string | null };
    };
    expect(plain.campaign).toMatchObject({ slug: "judges", phase: "open" });
    expect(plain.config.campaignSlug).toBe("judges");
    const named = (await donatePage("?campaign=nationals-2027")) as typeof plain;
    expect(named.campaign.slug).toBe("nationals-2027");
    expect(named.config.campaignSlug).toBe("nationals-2027");
    // An ended campaign still shows how it ended, but takes no gifts.
    const ended = (await donatePage("?campaign=last-spring")) as typeof plain;
    expect(ended.campaign).toMatchObject({ slug: "last-spring", phase: "ended" });
    expect(ended.config.campaignSlug).toBeNull();
    // Unknown: the active campaign.
    expect(((await donatePage("?campaign=nope")) as typeof plain).campaign.slug).toBe("judges");
  });

  it("tags the gift from the checked slug and says so before paying", async () => {
    const answer = await donate({ ...validDonation, campaign: "nationals-2027" });
    expect(answer.status).toBe(200);
    if (answer.data.status !== "ready") throw new Error("not ready");
    expect(answer.data.checkout.summary.campaign).toBe("Nationals Travel Fund");
    const [row] = await database.db.select().from(orders);
    expect(row!.campaignId).toBe((await bySlug("nationals-2027"))!.id);
  });

  it("a monthly gift from a campaign's page stays general: no tag on its first month, no campaign in the summary", async () => {
    const answer = await donate({ ...validDonation, frequency: "monthly", campaign: "nationals-2027" });
    expect(answer.status).toBe(200);
    if (answer.data.status !== "ready") throw new Error("not ready");
    expect(answer.data.checkout.summary.monthly).toBe(true);
    expect(answer.data.checkout.summary.campaign).toBeUndefined();
    const [row] = await database.db.select().from(orders);
    expect(row!.itemDescription).toMatch(/^Monthly donation to /);
    expect(row!.campaignId).toBeNull();
  });

  it.each([
    ["an unknown slug", "nope"],
    ["an ended campaign", "last-spring"],
    ["a campaign not started", "next-fall"],
    ["a hostile value", "' or 1=1 --"],
    ["a slug too long", "a".repeat(500)],
  ])("makes a general gift for %s (no tag, no campaign in the summary)", async (_label, slug) => {
    const answer = await donate({ ...validDonation, campaign: slug });
    expect(answer.status).toBe(200);
    if (answer.data.status !== "ready") throw new Error("not ready");
    expect(answer.data.checkout.summary.campaign).toBeUndefined();
    const [row] = await database.db.select().from(orders);
    expect(row!.campaignId).toBeNull();
  });

  it("counts completed gifts only, less refunds; donors once per email; the dashboards and CSV name the campaign", async () => {
    const campaign = (await bySlug("nationals-2027"))!;
    const progress = async () =>
      (await campaignProgress(database.db, [campaign.id])).get(campaign.id) ?? { raisedCents: 0, donors: 0 };

    // Opened but never paid: nothing raised.
    await donate({ ...validDonation, coverFee: "", campaign: "nationals-2027", amount: "999" });
    expect(await progress()).toEqual({ raisedCents: 0, donors: 0 });

    const first = await paidGift("nationals-2027", { amount: "100" });
    const second = await paidGift("nationals-2027", { amount: "40", email: "RUTH.ADLER@example.com" });
    const third = await paidGift("nationals-2027", { amount: "25", email: "sam@example.com" });
    await paidGift("judges", { amount: "500", email: "other@example.com" });
    expect(await progress()).toEqual({ raisedCents: 16_500, donors: 2 });

    // A partial refund lowers what was raised; a whole refund also takes its donor off.
    expect(
      (await refundOrder(database.db, staff, { orderId: first.id, cents: 3000, reason: "Asked", requestKey: "r1" })).ok,
    ).toBe(true);
    expect(await progress()).toEqual({ raisedCents: 13_500, donors: 2 });
    expect(
      (await refundOrder(database.db, staff, { orderId: third.id, cents: null, reason: "Asked", requestKey: "r2" })).ok,
    ).toBe(true);
    expect(await progress()).toEqual({ raisedCents: 11_000, donors: 1 });
    expect(second.campaignId).toBe(campaign.id);

    const listing = await listDonations(database.db, { email: "", page: 1 });
    expect(listing.rows.filter((row) => row.campaignName === "Nationals Travel Fund")).toHaveLength(3);
    expect(listing.rows.filter((row) => row.campaignName === "Judges Fund")).toHaveLength(1);
    const csv = donationsCsv(await donationsForExport(database.db, { email: "" }));
    expect(csv.split("\n")[0]).toMatch(/,Monthly,Campaign\r?$/);
    expect(csv.match(/Nationals Travel Fund/g)).toHaveLength(3);

    const page = (await donatePage("?campaign=nationals-2027")) as {
      campaign: { raisedCents: number; donors: number; goalCents: number };
    };
    expect(page.campaign).toMatchObject({ raisedCents: 11_000, donors: 1, goalCents: 500_000 });
    const html = renderToString(<CampaignPanel campaign={page.campaign as never} />);
    expect(html).toContain("$110.00 raised of $5,000.00 goal");
    expect(html).toContain('role="progressbar"');
    expect(html).toContain("1 donor");
  });

  it("announces every change of a tagged gift on commit, and the feed sends fresh figures", async () => {
    const bus = new PubSub(database.notifications);
    useCampaignFeedPubSub(bus);
    const heard: unknown[] = [];
    const stop = await bus.subscribe(CAMPAIGNS_CHANNEL, (payload) => heard.push(payload));
    try {
      const campaign = (await bySlug("nationals-2027"))!;
      const context = { signal: new AbortController() };
      const response = await campaignFeedResponse(
        new Request("http://localhost/campaigns/feed?campaign=nationals-2027", { signal: context.signal.signal }),
        database.db,
        "198.51.100.1",
        { perAddress: 2, total: 10, lifetimeMs: 60_000 },
      );
      expect(response.headers.get("Content-Type")).toMatch(/text\/event-stream/);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      /** Reads the feed until `pattern` shows, or fails after 5 s (a deadline, not a wait). */
      const until = async (pattern: RegExp) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out: ${text}`)), 5000);
        });
        try {
          while (!pattern.test(text)) {
            const next = await Promise.race([reader.read(), late]);
            if (next.done) throw new Error(`the feed ended: ${text}`);
            text += next.value;
          }
        } finally {
          clearTimeout(timer);
        }
      };
      await until(/"raisedCents":0/);
      const gift = await paidGift("nationals-2027", { amount: "70" });
      await until(/"raisedCents":7000,"goalCents":500000,"donors":1/);
      await refundOrder(database.db, staff, { orderId: gift.id, cents: 2000, reason: "Asked", requestKey: "r3" });
      await until(/"raisedCents":5000/);
      await vi.waitFor(() => expect(heard).toContainEqual({ id: campaign.id }), { timeout: 2000, interval: 20 });
      expect(
        (await campaignFeedResponse(new Request("http://localhost/campaigns/feed?campaign=nope"), database.db)).status,
      ).toBe(404);
      context.signal.abort();
      await reader.cancel();
    } finally {
      stop();
      closeAllStreams();
      await bus.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { campaignMessages, isCalendarDay, parseGoalCents, slugFromName } from "./campaign-form";
import { campaignPhase, progressPercent } from "./campaign-progress";
import { donorsText, raisedText } from "./campaign-panel";

describe("campaign form rules", () => {
  it.each([
    ["5000", { cents: 500_000 }],
    ["2,500.50", { cents: 250_050 }],
    ["$100", { cents: 10_000 }],
    ["0.01", { cents: 1 }],
    ["10000000", { cents: 1_000_000_000 }],
    ["", { error: campaignMessages.goal }],
    ["abc", { error: campaignMessages.goal }],
    ["1e3", { error: campaignMessages.goal }],
    ["0", { error: campaignMessages.goalPositive }],
    ["0.00", { error: campaignMessages.goalPositive }],
    ["-5", { error: campaignMessages.goalPositive }],
    ["1.005", { error: campaignMessages.goalDecimals }],
    ["10000000.01", { error: campaignMessages.goalMax }],
    ["999999999999", { error: campaignMessages.goalMax }],
  ])("reads the goal %j as %j", (typed, expected) => {
    expect(parseGoalCents(typed)).toEqual(expected);
  });

  it.each([
    ["Spring Drive 2027!", "spring-drive-2027"],
    ["  Café für Debatte  ", "cafe-fur-debatte"],
    ["<script>", "script"],
    ["!!!", ""],
    ["x".repeat(80), "x".repeat(60)],
  ])("makes the address of %j: %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it("knows real calendar days", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-13-01")).toBe(false);
    expect(isCalendarDay("27-01-01")).toBe(false);
  });

  it("places a campaign in time by New York days, both ends included", () => {
    const campaign = { startsOn: "2027-03-01", endsOn: "2027-03-31" };
    expect(campaignPhase(campaign, "2027-02-28")).toBe("upcoming");
    expect(campaignPhase(campaign, "2027-03-01")).toBe("open");
    expect(campaignPhase(campaign, "2027-03-31")).toBe("open");
    expect(campaignPhase(campaign, "2027-04-01")).toBe("ended");
  });

  it("fills the bar to the goal at most, and says the real figures", () => {
    expect(progressPercent(0, 500_000)).toBe(0);
    expect(progressPercent(5_000, 500_000)).toBe(1);
    expect(progressPercent(499_999, 500_000)).toBe(99);
    expect(progressPercent(750_000, 500_000)).toBe(100);
    expect(raisedText(750_000, 500_000)).toBe("$7,500.00 raised of $5,000.00 goal");
    expect(donorsText(1)).toBe("1 donor");
    expect(donorsText(1200)).toBe("1,200 donors");
  });
});

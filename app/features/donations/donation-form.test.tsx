import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DonationForm, type DonationFormConfig } from "./donation-form";

const config: DonationFormConfig = {
  maxCents: 2_500_000,
  contactEmail: "giving@example.org",
  fee: { percentBasisPoints: 290, fixedCents: 30 },
  presetAmount: "",
};

function render(formConfig: DonationFormConfig) {
  const Stub = createRoutesStub([{ path: "/donate", Component: () => <DonationForm config={formConfig} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/donate"]} />);
}

describe("the donation form beside a campaign", () => {
  it("posts to the campaign's own address with its slug, and says a monthly gift is general", () => {
    const html = render({ ...config, campaignSlug: "nationals-2027" });
    expect(html).toContain('action="/donate?campaign=nationals-2027"');
    expect(html).toContain('<input type="hidden" name="campaign" value="nationals-2027"/>');
    expect(html).toContain("A monthly gift goes to the district&#x27;s general fund, not to the campaign above.");
  });

  it("posts to /donate and says nothing of campaigns without one", () => {
    const html = render(config);
    expect(html).toContain('action="/donate"');
    expect(html).not.toContain('name="campaign"');
    expect(html).not.toContain("general fund");
  });
});

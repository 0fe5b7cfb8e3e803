import { describe, expect, it } from "vitest";
import { demoProductsFor } from "./demo-seed.server";

describe("the demo catalogue's registration fees (decision 0027)", () => {
  it("carry their forms; only their names follow SITE_SHORT_NAME", () => {
    const fees = demoProductsFor("Lemon").filter(
      (product) => product.registrationKind && product.registrationKind !== "none",
    );
    expect(fees.map((product) => [product.name, product.registrationKind])).toEqual([
      ["Lemon Tournament Entry Fee", "tournamentEntry"],
      ["Judge Fee", "judgeFee"],
      ["YLMC Student Entry Fee", "ylmcStudentEntry"],
      ["YLMUN Entry Fee", "ylmunEntry"],
      ["YLMC School Registration Fee", "ylmcSchoolRegistration"],
    ]);
    expect(
      demoProductsFor("Lemon").find((product) => product.name === "District Quarter-Zip")?.registrationKind,
    ).toBeUndefined();
  });
});

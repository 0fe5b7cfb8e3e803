import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { products, type NewProduct } from "~/db/schema";
import type { Seeder } from "~/db/seeder";
import { defaultRegistrationProductNames } from "./registration-products";

/**
 * The demo catalogue, in display order: the five registration fees (each with
 * its stored registration kind; the tournament fee named after SITE_SHORT_NAME),
 * then apparel.
 */
export function demoProductsFor(shortName: string): Omit<NewProduct, "displayOrder">[] {
  const names = defaultRegistrationProductNames(shortName);
  return [
    {
      name: names.tournamentEntry,
      registrationKind: "tournamentEntry",
      description: "Entry for one student in one event at a district tournament.",
      price: 2500,
      category: "fees",
    },
    {
      name: names.judgeFee,
      registrationKind: "judgeFee",
      description: "Covers a judge for a school that cannot bring its own to a tournament.",
      price: 4000,
      category: "fees",
    },
    {
      name: names.ylmcStudentEntry,
      registrationKind: "ylmcStudentEntry",
      description: "Student entry for the Yeshiva League Model Congress.",
      price: 3500,
      category: "fees",
    },
    {
      name: names.ylmunEntry,
      registrationKind: "ylmunEntry",
      description: "Student entry for the Yeshiva League Model United Nations.",
      price: 3500,
      category: "fees",
    },
    {
      name: names.ylmcSchoolRegistration,
      registrationKind: "ylmcSchoolRegistration",
      description: "One school's registration for the Yeshiva League Model Congress season.",
      price: 15000,
      category: "fees",
    },
    {
      name: "District Quarter-Zip",
      description: "Navy quarter-zip with the Citron emblem; judges' favourite for cold rounds.",
      price: 4200,
      category: "apparel",
      unlimitedStock: false,
      stockCount: 24,
    },
    {
      name: "Lectern Tote Bag",
      description: "Canvas tote that fits a laptop, flow pads and a water bottle.",
      price: 1800,
      category: "apparel",
      unlimitedStock: false,
      stockCount: 3,
    },
    {
      name: "Citron Team T-Shirt",
      description: "Soft cotton tee in citron yellow-green, for awards and team photos.",
      price: 2000,
      category: "apparel",
      unlimitedStock: false,
      stockCount: 0,
    },
    {
      name: "Winter Beanie",
      description: "Knit beanie with the district wordmark. Back next winter.",
      price: 1500,
      category: "apparel",
      isActive: false,
      unlimitedStock: false,
      stockCount: 10,
    },
  ];
}

/** The demo catalogue under the default short name (tests). */
export const demoProducts = demoProductsFor("Citron");

export const productsSeeder: Seeder = {
  name: "products",
  async run(db: Database) {
    await db
      .insert(products)
      .values(demoProductsFor(env().SITE_SHORT_NAME).map((product, index) => ({ ...product, displayOrder: index + 1 })))
      .onConflictDoNothing();
  },
};

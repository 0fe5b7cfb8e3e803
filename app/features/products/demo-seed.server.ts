import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { products, type NewProduct } from "~/db/schema";
import type { Seeder } from "~/db/seeder";
import { defaultRegistrationProductNames } from "./registration-products";

const REGISTRATION_PRODUCTS = defaultRegistrationProductNames("Citron");

/**
 * The demo catalogue, in display order: the five registration fees, each with
 * its stored registration form, then apparel. (The seed names the tournament
 * fee after SITE_SHORT_NAME: demoProductsFor.)
 */
export const demoProducts: Omit<NewProduct, "displayOrder">[] = [
  {
    name: REGISTRATION_PRODUCTS.tournamentEntry,
    registrationKind: "tournamentEntry",
    description: "Entry for one student in one event at a district tournament.",
    price: 2500,
    category: "fees",
  },
  {
    name: REGISTRATION_PRODUCTS.judgeFee,
    registrationKind: "judgeFee",
    description: "Covers a judge for a school that cannot bring its own to a tournament.",
    price: 4000,
    category: "fees",
  },
  {
    name: REGISTRATION_PRODUCTS.ylmcStudentEntry,
    registrationKind: "ylmcStudentEntry",
    description: "Student entry for the Yeshiva League Model Congress.",
    price: 3500,
    category: "fees",
  },
  {
    name: REGISTRATION_PRODUCTS.ylmunEntry,
    registrationKind: "ylmunEntry",
    description: "Student entry for the Yeshiva League Model United Nations.",
    price: 3500,
    category: "fees",
  },
  {
    name: REGISTRATION_PRODUCTS.ylmcSchoolRegistration,
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

/** The demo catalogue with the fees named for this district (names are only display defaults). */
export function demoProductsFor(shortName: string): Omit<NewProduct, "displayOrder">[] {
  const names = defaultRegistrationProductNames(shortName);
  return demoProducts.map((product) =>
    product.registrationKind && product.registrationKind !== "none"
      ? { ...product, name: names[product.registrationKind] }
      : product,
  );
}

export const productsSeeder: Seeder = {
  name: "products",
  async run(db: Database) {
    await db
      .insert(products)
      .values(demoProductsFor(env().SITE_SHORT_NAME).map((product, index) => ({ ...product, displayOrder: index + 1 })))
      .onConflictDoNothing();
  },
};

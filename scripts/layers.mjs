// The layers of the code, as data: the one table that `npm run lint` checks every import against
// (scripts/check-layers.mjs, on resolved paths) and that docs/architecture.md's diagram is drawn from
// (`node scripts/check-layers.mjs --diagram`). What is not listed is refused: a new folder under app/, server/ or
// app/features/ fails the check until it has a row here. What is listed is used: an allowance no import of
// application code needs fails the check too (remove it, or add it with the import that needs it).

/**
 * The layers from the bottom up. `folders` are the paths a layer owns (a folder ends in "/"); `uses` are the layers
 * its files may import, besides their own. `features` stands for every feature folder (each with a row below).
 */
export const layers = [
  {
    name: "core",
    folders: ["app/core/"],
    uses: [],
    says: "env, logging, forms, page cache, cart names, toast type: pure helpers, no database",
  },
  {
    name: "db",
    folders: ["app/db/"],
    uses: ["core"],
    says: "schema, migrations, the database handle, and what runs on it: pub/sub, rate limits, the periodic worker",
  },
  {
    name: "ui",
    folders: ["app/ui/"],
    uses: ["core"],
    says: "design-system primitives and client helpers (useHydrated, lazyInBrowser, background refresh)",
  },
  {
    name: "features",
    folders: ["app/features/"],
    uses: ["core", "db", "ui"],
    says: "one folder per capability; which features each may use is in `features` below",
  },
  {
    name: "routes",
    folders: ["app/routes/", "app/routes.ts", "app/root.tsx", "app/entry.server.tsx"],
    uses: ["core", "db", "ui", "features"],
    says: "the route table and thin route modules (public/, admin/, resources/): guards, then a feature's functions",
  },
  {
    name: "server",
    folders: ["server/"],
    uses: ["core", "db"],
    says: "the Express server: middleware, health, metrics, static files",
  },
  {
    name: "composition",
    folders: ["server/app.ts", "server/start.ts", "server/workers.ts", "server/demo-content.ts"],
    uses: ["core", "db", "features", "server"],
    says: "the only server files that import features: they wire features into the server and each other",
  },
];

/**
 * Per feature folder, the other features it may import (one way: decision 0009). A feature's tests may also import
 * any feature, to set up a scenario; nothing else may cross these lines.
 */
export const features = {
  // The Competition Guide, schools, team and nationals read the district's content, never the reverse.
  content: [],
  guide: ["content"],
  schools: ["content"],
  team: ["content"],
  nationals: ["content", "team"],
  seo: [],
  events: [],
  email: [],
  // Accounts: sign-in, guards, users, the staff audit log and sign-in limits that other features record in.
  accounts: ["email"],
  // The shell around every page, public and admin: header, footer (its links are content), the admin shell (sidebar
  // and navigation), the error page. What the pages say is content's; editing it is site-editor's.
  shell: ["accounts", "content"],
  contact: ["email", "shell", "content", "judges"],
  "contact-admin": ["contact"],
  // The catalogue, with the image pipeline that campaigns use too.
  products: ["accounts"],
  payments: ["products", "email", "accounts"],
  orders: ["payments", "events"],
  // Files for Tabroom's CSV importers: ASCII folding, the writer, the templates' headers; pure, imports nothing.
  tabroom: [],
  // Tournament settings, caps, rosters and messages (decision 0040): below the shop that sells its entries.
  tournaments: ["tabroom", "events", "content", "email", "accounts"],
  // Judges (decision 0045): obligations from a tournament's paid entries, the public judge form, the pool, Tabroom's file.
  judges: ["tournaments", "tabroom", "payments", "events", "email", "accounts"],
  shop: ["products", "payments", "events", "accounts", "shell", "tournaments"],
  // Families change their paid entries through a private link (decision 0047): the registration's own field rules
  // (shop), the tournament window, caps and history (tournaments), the receipt link hook (payments), the emails, the
  // judge form's link that carries the family's school (judges, decision 0049).
  "entry-changes": ["tournaments", "shop", "payments", "email", "accounts", "events", "judges"],
  donations: ["payments", "orders", "email", "accounts"],
  campaigns: ["payments", "products", "events", "accounts"],
  // Staff edit the site's content (decision 0039): it puts published sections into content's memory and records in
  // the audit log; content never depends on it. Its pictures go through the catalogue's image pipeline from the
  // route (app/routes/admin/site-section.tsx), not from the feature.
  "site-editor": ["content", "accounts"],
  // A member school's coach (decision 0054): invitations (accounts, email), one scoped query layer over the
  // tournaments' entries, the season from the tournaments' windows and the judges' obligations, read-only.
  coaches: ["accounts", "email", "tournaments", "judges"],
  // The board's season in numbers (decision 0053): it reads the money tables itself, Stripe through the payments
  // client, and records its one setting in the audit log.
  finance: ["payments", "accounts"],
};

/** Files outside app/ and server/ that may import anything: tests, scripts, benchmarks, configuration. */
export const unchecked = ["tests/", "scripts/", "bench/", "vite.config.ts", "vitest.config.ts", "vitest.ops.config.ts"];

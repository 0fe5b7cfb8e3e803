import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Staff-edited site content (decision 0039). Each section (one content/*.yaml
 * file: team, schools, ...) is one JSON document checked by the same schema as
 * its file (app/features/content/schemas.ts). With no row for a section the
 * file in content/ is what the site shows; the first publish stores the file
 * as version 1 so it can be restored.
 */
export const siteContentVersions = pgTable(
  "site_content_versions",
  {
    /** The section: a content file's name without ".yaml" (app/features/content/sections.ts). */
    section: text("section").notNull(),
    /** 1, 2, 3 ... per section; the highest is what the site shows. */
    version: integer("version").notNull(),
    document: jsonb("document").$type<unknown>().notNull(),
    /** Who published it (null: the content/ files, or a command). */
    publishedById: text("published_by_id"),
    publishedByEmail: text("published_by_email").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** How it came to be: "publish", "restore of version N", "import", "seed from content/". */
    note: text("note").notNull(),
  },
  // Two publishes of the same next version: the second fails on the key and is refused as stale.
  (table) => [primaryKey({ columns: [table.section, table.version] })],
);

/** One draft per section: what staff saved but have not published yet. */
export const siteContentDrafts = pgTable("site_content_drafts", {
  section: text("section").primaryKey(),
  document: jsonb("document").$type<unknown>().notNull(),
  /** The published version the draft was started from (0: the content/ file). Publish refuses a stale base. */
  baseVersion: integer("base_version").notNull(),
  updatedById: text("updated_by_id"),
  updatedByEmail: text("updated_by_email").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SiteContentVersion = typeof siteContentVersions.$inferSelect;
export type SiteContentDraft = typeof siteContentDrafts.$inferSelect;

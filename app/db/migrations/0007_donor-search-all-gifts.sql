-- The donor search's trigram index covers every donation, whatever its status (decision 0011).
-- With the predicate of 0006 (completed donations), it had the same predicate as
-- orders_donations_created_at_idx, and PostgreSQL, which prices ILIKE like a plain comparison,
-- preferred reading every completed gift through that date index and testing each email: about
-- four times slower for a rare term than the trigram index. The search's inner query now names
-- only the donation rule, which implies this index's predicate but not the date index's; the
-- outer query keeps to completed gifts. See searchOrders().
--
-- Both trigram indexes also stop deferring new entries to a pending list (fastupdate). A search
-- reads that list whole, and the planner prices it so, choosing a sequential scan instead; only
-- VACUUM merges it, and the embedded PGlite never runs autovacuum. Orders are written seldom
-- (a checkout at a time), so the few trigrams each insert adds go straight into the index.
DROP INDEX IF EXISTS "orders_donor_email_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_donor_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops)
  WITH (fastupdate = off) WHERE item_name ILIKE '%donation%';
--> statement-breakpoint
ALTER INDEX "orders_student_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('orders_student_name_trgm_idx'::regclass);

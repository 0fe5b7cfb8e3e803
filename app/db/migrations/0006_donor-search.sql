-- The donor search reads only completed donations: a trigram index over just those rows
-- (a tenth of the orders) instead of every order's email, so a common part of an address
-- ("family12") no longer rechecks thousands of tournament entries (decision 0011).
-- The predicate is the donations dashboard's, written the same way (see searchOrders()).
CREATE INDEX IF NOT EXISTS "orders_donor_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops)
  WHERE status = 'completed' AND item_name ILIKE '%donation%';
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_email_trgm_idx";

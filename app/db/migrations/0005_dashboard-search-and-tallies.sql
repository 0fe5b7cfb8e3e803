-- Dashboards that do not slow down with the data (docs/decisions/0011-dashboard-queries.md).
-- Trigram indexes for the substring searches; pg_trgm ships with PostgreSQL and with PGlite
-- (app/db/client.server.ts loads it there).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_student_name_trgm_idx" ON "orders" USING gin ("student_name" gin_trgm_ops);
--> statement-breakpoint
-- The donor search (whole table: see searchOrders() in app/features/orders/orders.server.ts).
CREATE INDEX IF NOT EXISTS "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);
--> statement-breakpoint
-- order_tallies follows every change of orders with one grouped upsert per statement
-- (transition tables), so a bulk insert costs one statement, not one per row. The
-- group expressions of the three functions and of the backfill below are the same.
CREATE OR REPLACE FUNCTION order_tallies_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date, event_type,
      student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM new_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date, event_type,
      student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date, event_type,
      student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM new_rows
    UNION ALL
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date, event_type,
      student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_tally_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_insert();
--> statement-breakpoint
CREATE TRIGGER orders_tally_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_delete();
--> statement-breakpoint
CREATE TRIGGER orders_tally_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_update();
--> statement-breakpoint
CREATE TRIGGER orders_tally_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_truncate();
--> statement-breakpoint
-- The orders already there.
INSERT INTO order_tallies (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, count(*)::int, sum(a)
FROM (
  SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date, event_type,
      student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM orders
) AS existing
GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month;

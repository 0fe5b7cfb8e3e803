-- Two changes to the tallies' trigger functions of 0005, and order_students (created by 0008) filled.
--
-- 1. Donations are tallied without their event_type (decision 0011). A memorial or honor gift
-- keeps its "memory:<name>" there, so each such gift made a tally group of its own and the
-- donation cards, the chart and the orders total read one tally row per gift: the tallies grew
-- with the gifts, which they exist to avoid. No dashboard reads a donation's event from the
-- tallies (the event filter and the entries view are competition events only). Same functions
-- as 0005 but for that expression; then the tallies are counted again from the orders.
--
-- 2. The student search looks names up in order_students (migration 0008), a few thousand names,
-- instead of every order (decision 0011): a name like "Student 42" shares most of its
-- trigrams with every other student's, so the trigram index over orders read tens of thousands
-- of entries per search. The tally functions now also keep each name's order count,
-- in the same statement-level way. Truncation empties it too.
CREATE OR REPLACE FUNCTION order_tallies_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM new_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  INSERT INTO order_students AS s (student_name, order_count)
  SELECT student_name, sum(n)::int FROM (
    SELECT student_name, 1 AS n FROM new_rows
  ) AS change
  WHERE student_name IS NOT NULL
  GROUP BY student_name
  HAVING sum(n) <> 0
  ON CONFLICT (student_name) DO UPDATE SET order_count = s.order_count + excluded.order_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  INSERT INTO order_students AS s (student_name, order_count)
  SELECT student_name, sum(n)::int FROM (
    SELECT student_name, -1 AS n FROM old_rows
  ) AS change
  WHERE student_name IS NOT NULL
  GROUP BY student_name
  HAVING sum(n) <> 0
  ON CONFLICT (student_name) DO UPDATE SET order_count = s.order_count + excluded.order_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a)
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM new_rows
    UNION ALL
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount;
  INSERT INTO order_students AS s (student_name, order_count)
  SELECT student_name, sum(n)::int FROM (
    SELECT student_name, 1 AS n FROM new_rows
    UNION ALL
    SELECT student_name, -1 AS n FROM old_rows
  ) AS change
  WHERE student_name IS NOT NULL
  GROUP BY student_name
  HAVING sum(n) <> 0
  ON CONFLICT (student_name) DO UPDATE SET order_count = s.order_count + excluded.order_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_tallies_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_tallies;
  DELETE FROM order_students;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_students_name_trgm_idx" ON "order_students" USING gin ("student_name" gin_trgm_ops)
  WITH (fastupdate = off);
--> statement-breakpoint
-- The names containing a LIKE pattern, through the trigram index. The planner prices ILIKE like
-- a plain comparison and would test every name instead: several times slower, and more so on
-- PGlite (WebAssembly), whatever the number of names. SET applies to this function's run only;
-- ROWS tells the planner to expect a few names, so it reads their orders through their index.
-- PL/pgSQL keeps the query's plan from call to call (a SQL function plans it every time).
CREATE OR REPLACE FUNCTION order_student_names(pattern text) RETURNS SETOF text
  LANGUAGE plpgsql STABLE ROWS 20 SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY SELECT student_name FROM order_students WHERE student_name ILIKE pattern AND order_count > 0;
END
$$;
--> statement-breakpoint
-- The orders already there.
INSERT INTO order_students (student_name, order_count)
SELECT student_name, count(*)::int FROM orders WHERE student_name IS NOT NULL GROUP BY student_name;
--> statement-breakpoint
-- The search no longer reads the trigram index over orders.
DROP INDEX IF EXISTS "orders_student_name_trgm_idx";
--> statement-breakpoint
-- The tallies counted again without the gifts' event_type (1).
DELETE FROM order_tallies;
--> statement-breakpoint
INSERT INTO order_tallies (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount)
SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, count(*)::int, sum(a)
FROM (
  SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a
    FROM orders
) AS existing
GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month;

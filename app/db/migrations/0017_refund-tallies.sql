-- Decision 0025: the tallies also sum each group's refunded and disputed cents (orders.refunded_amount,
-- orders.disputed_amount, added by the previous migration) and count its orders refunded whole, so the
-- dashboards show them apart and the donation totals count what the district kept (amount - refunded -
-- disputed) without reading every order. Same three functions as 0009 with those sums added (a refund is
-- an UPDATE of an order: the old row is taken out and the new one counted in, as for a change of status).
-- Then the tallies are counted again from the orders.
CREATE OR REPLACE FUNCTION order_tallies_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount, refunded_amount, disputed_amount, refunded_count)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a), sum(r), sum(d), sum(rn)::int
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a, refunded_amount::bigint AS r, disputed_amount::bigint AS d,
      CASE WHEN refunded_amount > 0 AND refunded_amount = total_amount THEN 1 ELSE 0 END AS rn
    FROM new_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(r) <> 0 OR sum(d) <> 0 OR sum(rn) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount,
    refunded_amount = t.refunded_amount + excluded.refunded_amount, disputed_amount = t.disputed_amount + excluded.disputed_amount,
    refunded_count = t.refunded_count + excluded.refunded_count;
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
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount, refunded_amount, disputed_amount, refunded_count)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a), sum(r), sum(d), sum(rn)::int
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a, -refunded_amount::bigint AS r, -disputed_amount::bigint AS d,
      CASE WHEN refunded_amount > 0 AND refunded_amount = total_amount THEN -1 ELSE 0 END AS rn
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(r) <> 0 OR sum(d) <> 0 OR sum(rn) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount,
    refunded_amount = t.refunded_amount + excluded.refunded_amount, disputed_amount = t.disputed_amount + excluded.disputed_amount,
    refunded_count = t.refunded_count + excluded.refunded_count;
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
  INSERT INTO order_tallies AS t (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount, refunded_amount, disputed_amount, refunded_count)
  SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, sum(n)::int, sum(a), sum(r), sum(d), sum(rn)::int
  FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a, refunded_amount::bigint AS r, disputed_amount::bigint AS d,
      CASE WHEN refunded_amount > 0 AND refunded_amount = total_amount THEN 1 ELSE 0 END AS rn
    FROM new_rows
    UNION ALL
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      -1 AS n, -total_amount::bigint AS a, -refunded_amount::bigint AS r, -disputed_amount::bigint AS d,
      CASE WHEN refunded_amount > 0 AND refunded_amount = total_amount THEN -1 ELSE 0 END AS rn
    FROM old_rows
  ) AS change
  GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month
  HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(r) <> 0 OR sum(d) <> 0 OR sum(rn) <> 0
  ON CONFLICT (status, donation, tournament_name, tournament_date, event_type, has_student, month)
  DO UPDATE SET order_count = t.order_count + excluded.order_count, amount = t.amount + excluded.amount,
    refunded_amount = t.refunded_amount + excluded.refunded_amount, disputed_amount = t.disputed_amount + excluded.disputed_amount,
    refunded_count = t.refunded_count + excluded.refunded_count;
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
DELETE FROM order_tallies;
--> statement-breakpoint
INSERT INTO order_tallies (status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount, refunded_amount, disputed_amount, refunded_count)
SELECT status, donation, tournament_name, tournament_date, event_type, has_student, month, count(*)::int, sum(a), sum(r), sum(d), sum(rn)::int
FROM (
    SELECT status, item_name ILIKE '%donation%' AS donation, tournament_name, tournament_date,
      CASE WHEN item_name ILIKE '%donation%' THEN NULL ELSE event_type END AS event_type, student_name IS NOT NULL AS has_student, CASE WHEN item_name ILIKE '%donation%' THEN to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM') ELSE '' END AS month,
      1 AS n, total_amount::bigint AS a, refunded_amount::bigint AS r, disputed_amount::bigint AS d,
      CASE WHEN refunded_amount > 0 AND refunded_amount = total_amount THEN 1 ELSE 0 END AS rn
    FROM orders
) AS existing
GROUP BY status, donation, tournament_name, tournament_date, event_type, has_student, month;

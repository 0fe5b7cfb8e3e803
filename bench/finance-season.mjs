// The finance bench's season (bench/finance.mjs, decision 0053): fiscal year 2025 (July 1, 2025 to June 30, 2026,
// New York) of 50,000 orders and 20,000 gifts, written by a few set-based statements on a migrated database.
// Usage on its own (to EXPLAIN the page's statement): node bench/finance-season.mjs postgres://.../db

// Every row below falls in the year.
const YEAR_START = "2025-07-01T04:00:00Z";
const SECONDS = 364 * 86_400;

/** `client` a connected pg.Client. */
export async function seedSeason(client) {
  // One checkout per payment (70,000), its order, then refunds (one order in twelve: whole, or a third), disputes
  // (one in two hundred, half lost), five campaigns, 3,000 of the gifts monthly, 2,000 year-end summaries.
  await client.query(
    `insert into campaigns (slug, name, goal_cents, starts_on, ends_on, story)
     select 'bench-' || c, 'Bench Drive ' || c, 1000000, '2025-07-01', '2026-06-30', 'A drive.' from generate_series(1, 5) c`,
  );
  await client.query(
    `insert into checkouts (id, kind, status, provider, email, total_amount, public_token_hash, expires_at, completed_at, created_at)
     select md5('co' || n)::uuid, case when n > 50000 then 'donation' else 'shop' end, 'completed', 'sandbox',
            'payer' || (n % 9000) || '@example.com', 500 + (n * 37) % 20000, md5('tok' || n),
            $1::timestamptz + ((n * 4507) % $2) * interval '1 second', $1::timestamptz + ((n * 4507) % $2) * interval '1 second',
            $1::timestamptz + ((n * 4507) % $2) * interval '1 second'
       from generate_series(1, 70000) n`,
    [YEAR_START, SECONDS],
  );
  await client.query(
    `insert into orders (id, created_at, item_name, total_amount, customer_email, status, checkout_id, student_name,
                         student_school, tournament_name, tournament_date, event_type, tournament_key, campaign_id)
     select md5('or' || n)::uuid, c.created_at,
            case when n > 50000 then 'Donation' when n % 10 = 0 then 'Judge Fee' when n % 10 < 7 then 'Citron Tournament Entry Fee' else 'Hoodie' end,
            c.total_amount, c.email, 'completed', c.id,
            case when n > 50000 then 'Donor ' || n when n % 10 between 1 and 6 then 'Student ' || n else null end,
            case when n <= 50000 and n % 10 < 7 then 'Bench School ' || (n % 60) else null end,
            case when n <= 50000 and n % 10 < 7 then 'Bench Open ' || (n % 20) else null end,
            case when n <= 50000 and n % 10 < 7 then '2026-0' || (1 + n % 6) || '-10' else null end,
            case when n > 50000 then (array[null, null, null, 'memory:A', 'honor:B'])[1 + n % 5]
                 when n % 10 between 1 and 6 then (array['LD', 'PF', 'Congress', 'OO', 'DI', 'HI', 'IX', 'EXT'])[1 + n % 8] else null end,
            case when n <= 50000 and n % 10 < 7 then '2026-0' || (1 + n % 6) || '-10|bench-open-' || (n % 20) else null end,
            case when n > 50000 and n % 3 > 0 then (select id from campaigns where slug = 'bench-' || (1 + n % 5)) else null end
       from generate_series(1, 70000) n join checkouts c on c.id = md5('co' || n)::uuid`,
  );
  await client.query(
    `insert into monthly_gifts (id, provider, email, first_name, last_name, amount_cents, details, status, manage_token_hash)
     select md5('mg' || g)::uuid, 'sandbox', 'monthly' || g || '@example.com', 'Monthly', 'Donor', 2500, '{}'::jsonb, 'active', md5('mgt' || g)
       from generate_series(1, 300) g`,
  );
  await client.query(
    `insert into monthly_gift_payments (invoice_id, monthly_gift_id, checkout_id, amount, paid_at)
     select 'in_bench_' || n, md5('mg' || (1 + n % 300))::uuid, md5('co' || n)::uuid, 2500, now()
       from generate_series(67001, 70000) n`,
  );
  await client.query(
    `insert into refunds (checkout_id, order_id, amount, status, source, allocation, created_at)
     select o.checkout_id, o.id, case when n % 24 = 0 then o.total_amount else o.total_amount / 3 end, 'succeeded', 'staff',
            jsonb_build_object(o.id::text, case when n % 24 = 0 then o.total_amount else o.total_amount / 3 end),
            least(o.created_at + interval '9 days', '2026-06-30T12:00:00Z')
       from generate_series(12, 70000, 12) n join orders o on o.id = md5('or' || n)::uuid`,
  );
  await client.query(
    `insert into disputes (id, checkout_id, amount, reason, status, allocation, closed_at, created_at)
     select 'dp_bench_' || n, o.checkout_id, o.total_amount, 'fraudulent', case when n % 400 = 0 then 'lost' else 'won' end,
            jsonb_build_object(o.id::text, o.total_amount), least(o.created_at + interval '20 days', '2026-06-30T12:00:00Z'), o.created_at
       from generate_series(200, 70000, 200) n join orders o on o.id = md5('or' || n)::uuid`,
  );
  await client.query(
    `insert into giving_summaries (email, year, source, gift_count, total_cents, email_id, created_at)
     select 'payer' || g || '@example.com', 2025, 'job', 3, 9000, gen_random_uuid(), '2026-01-02T15:00:00Z'
       from generate_series(1, 2000) g`,
  );
  for (const table of ["orders", "checkouts", "refunds", "disputes", "monthly_gift_payments", "campaigns"])
    await client.query(`vacuum analyze ${table}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.argv[2] });
  await client.connect();
  await seedSeason(client);
  await client.end();
}

CREATE TABLE "tournament_entry_codes" (
	"tournament_key" text PRIMARY KEY NOT NULL,
	"last_code" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entry_code" integer;--> statement-breakpoint
ALTER TABLE "tournament_settings" ADD COLUMN "abbreviations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_settings" ADD COLUMN "ask_novice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_settings" ADD COLUMN "ask_student_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tournament_entry_code_key" ON "orders" USING btree ("tournament_key","entry_code") WHERE entry_code is not null;
--> statement-breakpoint
-- Decision 0046: paid entries keep the codes their roster showed (99 + their place among the tournament's paid and
-- held entries, in the order they were made); an entry still awaiting payment gets one when it is paid.
UPDATE "orders" AS o
   SET "entry_code" = numbered.code
  FROM (
    SELECT "id", "status", (99 + row_number() OVER (PARTITION BY "tournament_key" ORDER BY "created_at", "id"))::int AS code
      FROM "orders"
     WHERE "tournament_key" IS NOT NULL AND "student_name" IS NOT NULL AND "event_type" IS NOT NULL
       AND "status" IN ('completed', 'pending')
  ) AS numbered
 WHERE o."id" = numbered."id" AND numbered."status" = 'completed';
--> statement-breakpoint
INSERT INTO "tournament_entry_codes" ("tournament_key", "last_code")
SELECT "tournament_key", max("entry_code") FROM "orders" WHERE "entry_code" IS NOT NULL GROUP BY "tournament_key";
--> statement-breakpoint
-- Decision 0046: entries made when the student's name was one field are split once, at the last space (as the old
-- roster did), and a split that may be wrong (one word, three or more, a comma) is marked for staff to confirm.
UPDATE "orders"
   SET "registration" = coalesce("registration", '{}'::jsonb) || jsonb_build_object(
         'studentFirst', CASE WHEN btrim("student_name") ~ '\s' THEN regexp_replace(btrim("student_name"), '\s+\S+$', '') ELSE btrim("student_name") END,
         'studentLast', CASE WHEN btrim("student_name") ~ '\s' THEN substring(btrim("student_name") FROM '(\S+)$') ELSE '' END,
         'nameUnsure', array_length(regexp_split_to_array(btrim("student_name"), '\s+'), 1) <> 2 OR "student_name" LIKE '%,%')
 WHERE "tournament_key" IS NOT NULL AND "student_name" IS NOT NULL AND "event_type" IS NOT NULL
   AND NOT (coalesce("registration", '{}'::jsonb) ? 'studentLast');

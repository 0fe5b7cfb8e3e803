-- Decision 0040: tournament entries made before tournament settings carry their tournament's identity, computed as
-- app/db/tournament-key.ts does (date, "|", the title lower-cased with other runs of characters made one "-").
UPDATE "orders"
   SET "tournament_key" = "tournament_date" || '|' || trim(both '-' from regexp_replace(lower("tournament_name"), '[^a-z0-9]+', '-', 'g'))
 WHERE "tournament_key" IS NULL
   AND "tournament_name" IS NOT NULL
   AND "tournament_date" IS NOT NULL
   AND "student_name" IS NOT NULL;

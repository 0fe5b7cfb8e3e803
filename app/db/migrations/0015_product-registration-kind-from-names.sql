-- Decision 0027: until now the shop chose a product's registration form by matching its name (trimmed, any case)
-- against five names fixed in code, the tournament fee's built from SITE_SHORT_NAME ("Citron Tournament Entry
-- Fee"). Give every product that matched today the form it opened today, whatever the district's short name, so
-- nothing a parent sees changes on upgrade; from now on the stored kind decides and a rename changes nothing.
UPDATE "products" SET "registration_kind" = CASE
	WHEN lower(btrim("name")) LIKE '% tournament entry fee' THEN 'tournamentEntry'
	WHEN lower(btrim("name")) = 'judge fee' THEN 'judgeFee'
	WHEN lower(btrim("name")) = 'ylmc student entry fee' THEN 'ylmcStudentEntry'
	WHEN lower(btrim("name")) = 'ylmun entry fee' THEN 'ylmunEntry'
	WHEN lower(btrim("name")) = 'ylmc school registration fee' THEN 'ylmcSchoolRegistration'
END
WHERE lower(btrim("name")) LIKE '% tournament entry fee'
	OR lower(btrim("name")) IN ('judge fee', 'ylmc student entry fee', 'ylmun entry fee', 'ylmc school registration fee');

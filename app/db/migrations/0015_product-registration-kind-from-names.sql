-- Issue 27: until now the shop chose a product's registration form by matching its name (trimmed, any case)
-- against five names fixed in code. Give every product that matched today the form it opened today, so
-- nothing a parent sees changes on upgrade; from now on the stored kind decides and a rename changes nothing.
UPDATE "products" SET "registration_kind" = CASE lower(btrim("name"))
	WHEN 'citron tournament entry fee' THEN 'tournamentEntry'
	WHEN 'judge fee' THEN 'judgeFee'
	WHEN 'ylmc student entry fee' THEN 'ylmcStudentEntry'
	WHEN 'ylmun entry fee' THEN 'ylmunEntry'
	WHEN 'ylmc school registration fee' THEN 'ylmcSchoolRegistration'
END
WHERE lower(btrim("name")) IN (
	'citron tournament entry fee', 'judge fee', 'ylmc student entry fee', 'ylmun entry fee', 'ylmc school registration fee'
);

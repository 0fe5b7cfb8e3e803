const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is a UUID, the shape of every row id the database makes. Checked before a value from a
 * form, a URL or a payment provider reaches a query, so a malformed one is "not found", never a database error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

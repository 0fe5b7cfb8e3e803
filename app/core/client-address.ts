import ipaddr from "ipaddr.js";

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6
 * address by its /64. One home or phone is usually handed a whole /64, so
 * counting full IPv6 addresses would give a single visitor 2^64 allowances.
 * IPv4-mapped IPv6 (`::ffff:203.0.113.9`, as Node reports IPv4 clients on a
 * dual-stack socket) counts as the IPv4 address. Anything unparsable is kept
 * as given (it still counts as one client).
 */
export function clientSubject(address: string | undefined): string | undefined {
  if (!address) return address;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.trim());
  } catch {
    return address;
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

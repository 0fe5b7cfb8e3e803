import { describe, expect, it } from "vitest";
import { clientSubject } from "./client-address";

describe("clientSubject", () => {
  it("counts IPv6 clients by their /64", () => {
    expect(clientSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientSubject("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientSubject("2001:0DB8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(clientSubject("2001:db8:1:3::1")).not.toBe(clientSubject("2001:db8:1:2::1"));
  });

  it("keeps IPv4 addresses whole, also when Node writes them IPv4-mapped", () => {
    expect(clientSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(clientSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientSubject("203.0.113.10")).not.toBe(clientSubject("203.0.113.9"));
  });

  it("passes through what it cannot read", () => {
    expect(clientSubject(undefined)).toBeUndefined();
    expect(clientSubject("unknown")).toBe("unknown");
  });
});

import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./images.server";

describe("isPublicAddress (the image URL guard)", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    // IPv4-mapped, as Node and the URL parser write it (hex) and as people do (dotted)
    "::ffff:7f00:1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "0:0:0:0:0:ffff:7f00:0001",
    "::FFFF:7F00:1",
    // IPv4-compatible (deprecated) and NAT64 forms of the loopback
    "::7f00:1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "fe80::1",
    "fd00::1",
    "fc00::1",
    "ff02::1",
    "2001:db8::1",
    "2002:7f00:1::1", // 6to4 around 127.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
    "not-an-address",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "::ffff:5db8:d70e",
    "::ffff:8.8.8.8",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
  ])("lets %s through", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("judges the address a URL's host turns into", () => {
    const host = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, "");
    expect(host("https://[::ffff:127.0.0.1]/")).toBe("::ffff:7f00:1");
    expect(isPublicAddress(host("https://[::ffff:127.0.0.1]/"))).toBe(false);
    expect(isPublicAddress(host("https://0x7f.1/"))).toBe(false);
    expect(isPublicAddress(host("https://2130706433/"))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readBatcher } from "./read-batch";

/** A read's random latency, so that reads of one turn finish in any order. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)); // fixed wait: a stand-in's latency

describe("readBatcher (the cart reads of requests that arrive together)", () => {
  it("sends the keys asked for in one turn as one read, and gives each caller its own key's value", async () => {
    const calls: string[][] = [];
    const read = readBatcher(
      async (keys) => {
        calls.push(keys);
        await pause(Math.random() * 5); // fixed wait: latency
        return new Map(keys.filter((key) => !key.startsWith("unknown")).map((key) => [key, `cart of ${key}`]));
      },
      { missing: "none" },
    );
    const keys = Array.from({ length: 300 }, (_, i) => ["a", "b", "c", "unknown"][i % 4]! + (i % 7));
    const answers = await Promise.all(keys.map((key) => read(key)));
    expect(answers).toEqual(keys.map((key) => (key.startsWith("unknown") ? "none" : `cart of ${key}`)));
    // 28 distinct keys, each read once, in one call.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.sort()).toEqual([...new Set(keys)].sort());

    // Asked later: a new read (nothing is kept between batches).
    expect(await read("a0")).toBe("cart of a0");
    expect(calls).toHaveLength(2);
  });

  it("never mixes callers under load: batches overlap while earlier ones are in flight", async () => {
    let calls = 0;
    const read = readBatcher(
      async (keys) => {
        calls++;
        await pause(Math.random() * 10); // fixed wait: latency
        return new Map(keys.map((key) => [key, { owner: key }]));
      },
      { missing: null },
    );
    const results = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        await pause(Math.random() * 20); // fixed wait: latency
        const key = `cart-${i % 37}`;
        return { key, value: await read(key) };
      }),
    );
    for (const { key, value } of results) expect(value).toEqual({ owner: key });
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBeLessThan(400);
  });

  it("splits a large batch, and a failed read fails only the callers in it", async () => {
    const calls: string[][] = [];
    const read = readBatcher(
      async (keys) => {
        calls.push(keys);
        if (keys.includes("k0")) throw new Error("database down");
        return new Map(keys.map((key) => [key, 1]));
      },
      { missing: 0, maxKeys: 10 },
    );
    const settled = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => read(`k${i}`)));
    expect(calls.map((keys) => keys.length)).toEqual([10, 10, 5]);
    expect(settled.slice(0, 10).every((result) => result.status === "rejected")).toBe(true);
    expect(settled.slice(10).every((result) => result.status === "fulfilled" && result.value === 1)).toBe(true);
  });
});

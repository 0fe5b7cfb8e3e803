import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ProviderSessionState } from "../provider";
import {
  cachedSessionState,
  clearSessionStateCache,
  forgetSessionState,
  SESSION_STATE_TTL_MS,
} from "./session-state-cache.server";

const open = {
  id: "cs_1",
  status: "open",
  paymentStatus: "unpaid",
  amountTotal: 100,
} as unknown as ProviderSessionState;

describe("cachedSessionState", () => {
  beforeEach(() => clearSessionStateCache());

  it("asks the provider once for views within a few seconds, and again after", async () => {
    const retrieve = vi.fn<() => Promise<ProviderSessionState>>(async () => open);
    const t = 1_000_000;
    await Promise.all([cachedSessionState("cs_1", retrieve, t), cachedSessionState("cs_1", retrieve, t + 10)]);
    await cachedSessionState("cs_1", retrieve, t + SESSION_STATE_TTL_MS - 1);
    expect(retrieve).toHaveBeenCalledTimes(1);
    await cachedSessionState("cs_1", retrieve, t + SESSION_STATE_TTL_MS);
    expect(retrieve).toHaveBeenCalledTimes(2);
    await cachedSessionState("cs_2", retrieve, t + SESSION_STATE_TTL_MS);
    expect(retrieve).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failure, and forgets an expired session at once", async () => {
    const failing = vi.fn<() => Promise<ProviderSessionState>>(async () => {
      throw new Error("stripe down");
    });
    await expect(cachedSessionState("cs_1", failing, 1)).rejects.toThrow("stripe down");
    const retrieve = vi.fn<() => Promise<ProviderSessionState>>(async () => open);
    await cachedSessionState("cs_1", retrieve, 2);
    forgetSessionState("cs_1");
    await cachedSessionState("cs_1", retrieve, 3);
    expect(retrieve).toHaveBeenCalledTimes(2);
  });
});

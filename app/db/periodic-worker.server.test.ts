import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { periodicWorker, runRepeatedly, type Round } from "./periodic-worker.server";

// Fake time: a run "takes" what its promise waits for on the fake clock, and the test moves the clock.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run that takes `ms` and records when it started and ended, and how many ran at once. */
function recorder(ms: number | (() => number)) {
  const seen = { runs: [] as Array<{ start: number; end?: number }>, inFlight: 0, most: 0 };
  const run = async () => {
    const entry: { start: number; end?: number } = { start: Date.now() };
    seen.runs.push(entry);
    seen.inFlight += 1;
    seen.most = Math.max(seen.most, seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, typeof ms === "function" ? ms() : ms));
    seen.inFlight -= 1;
    entry.end = Date.now();
  };
  return { seen, run };
}

describe("runRepeatedly (the one background loop)", () => {
  it("schedules the next run `everyMs` after the last one ends: never two at once, however long a run takes", async () => {
    // Runs of 5 s every 1 s: an interval would start a second while the first is still going.
    const { seen, run } = recorder(5000);
    const stop = runRepeatedly("slow", 1000, run);
    await vi.advanceTimersByTimeAsync(20_000);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(5000); // the run of 18-23 s ends
    await stopped;
    expect(seen.most).toBe(1);
    expect(seen.runs.length).toBe(4); // 0-5, 6-11, 12-17, 18-…
    // Each run starts a second after the one before it ended.
    expect(seen.runs.slice(1).map((entry, i) => entry.start - seen.runs[i]!.end!)).toEqual([1000, 1000, 1000]);
  });

  it("drains when stopped: stop resolves only once the run in flight has ended, and no run starts after", async () => {
    const { seen, run } = recorder(3000);
    const stop = runRepeatedly("draining", 100, run);
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false); // the run still has a second to go
    await vi.advanceTimersByTimeAsync(1000);
    await stopping;
    expect(stopped).toBe(true);
    const [only] = seen.runs;
    expect(only!.end! - only!.start).toBe(3000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.runs).toHaveLength(1);
  });

  it("tells a looping run that the server is stopping, and goes on after a failed run", async () => {
    const rounds: boolean[] = [];
    let calls = 0;
    const stop = runRepeatedly("flaky", 500, async (round: Round) => {
      calls += 1;
      rounds.push(round.stopping());
      if (calls === 1) throw new Error("the first run fails");
    });
    await vi.advanceTimersByTimeAsync(1200);
    expect(calls).toBe(3); // at 0 (failed), 500 and 1000
    await stop();
    expect(rounds).toEqual([false, false, false]);
  });
});

describe("periodicWorker's lease", () => {
  const handle = {} as DatabaseHandle;
  const leased = (leaseMs: number, worstStepMs: number, run: (round: Round) => Promise<void>) =>
    periodicWorker({
      name: "leased",
      everyMs: 60_000,
      lease: { setting: "X_LEASE_MS", ms: () => leaseMs, worstStepMs: () => worstStepMs },
      run: (_handle, round) => run(round),
    });

  it("refuses to start with a lease not longer than one step's worst, naming the setting", () => {
    expect(() => leased(1000, 1000, async () => {}).start(handle)).toThrow(
      "leased: X_LEASE_MS (1000 ms) must be longer than one step of its run can take (1000 ms)",
    );
  });

  it("lets a run take steps only while one more fits in its lease", async () => {
    // Steps of 2 s (their worst 3 s) in a lease of 10 s: steps start at 0, 2, 4 and 6 s; one at 8 s could end at 11 s.
    const starts: number[] = [];
    let began = 0;
    const stop = leased(10_000, 3000, async (round) => {
      began = Date.now();
      expect(round.leaseMs).toBe(10_000);
      while (round.withinLease()) {
        starts.push(Date.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }).start(handle);
    await vi.advanceTimersByTimeAsync(9000);
    await stop();
    expect(starts).toEqual([0, 2000, 4000, 6000]);
  });
});

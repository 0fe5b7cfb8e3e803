import { afterEach, describe, expect, it, vi } from "vitest";
import {
  connectionFailureMark,
  ConnectionLost,
  failedSince,
  isConnectionError,
  isDatabaseDown,
  noteDatabaseAnswered,
  noteDatabaseError,
  onAvailabilityChange,
  PROBE_MS,
  setAvailabilityProbe,
  withConnectionFailures,
} from "./availability.server";

afterEach(() => {
  setAvailabilityProbe(null);
  vi.useRealTimers();
});

describe("isConnectionError", () => {
  it.each([
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    [
      "terminated by pg_terminate_backend",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    ["starting up", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["connection exception class 08", Object.assign(new Error("x"), { code: "08006" })],
    ["pg's own words", new Error("Connection terminated unexpectedly")],
    ["a connect timeout", new Error("Connection terminated due to connection timeout")],
    ["a connect timeout (client)", new Error("timeout expired")],
    [
      "wrapped by Drizzle",
      new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
    ],
  ])("%s is an outage", (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a plain error", new Error("something else")],
    ["a busy pool (waiting for a free connection)", new Error("timeout exceeded when trying to connect")],
    ["not an error", "text"],
    ["nothing", undefined],
  ])("%s is not", (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe("down until a probe answers", () => {
  it("a connection failure marks the database down; the probe brings it back", async () => {
    vi.useFakeTimers();
    let answers = false;
    const probe = vi.fn<() => Promise<void>>(async () => {
      if (!answers) throw new Error("still down");
    });
    setAvailabilityProbe(probe);
    const changes: boolean[] = [];
    const stop = onAvailabilityChange((up) => changes.push(up));

    noteDatabaseError(Object.assign(new Error("duplicate key"), { code: "23505" }));
    expect(isDatabaseDown()).toBe(false);

    noteDatabaseError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    expect(isDatabaseDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(isDatabaseDown()).toBe(true);

    answers = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS + 10);
    expect(isDatabaseDown()).toBe(false);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it("any query that answers ends the outage at once, before the next probe", () => {
    setAvailabilityProbe(async () => {
      throw new Error("still down");
    });
    noteDatabaseError(Object.assign(new Error("x"), { code: "57P01" }));
    expect(isDatabaseDown()).toBe(true);
    noteDatabaseAnswered();
    expect(isDatabaseDown()).toBe(false);
  });

  it("without a probe (PGlite) nothing is ever marked down", () => {
    noteDatabaseError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    expect(isDatabaseDown()).toBe(false);
  });
});

describe("a failure during a request", () => {
  const terminated = () => Object.assign(new Error("terminating connection"), { code: "57P01" });
  const stillDown = async () => {
    throw new Error("still down");
  };

  it("a dropped connection counts for a request that began before it, though the outage is over by its end", () => {
    setAvailabilityProbe(stillDown);
    const mark = connectionFailureMark();
    expect(failedSince(mark)).toBe(false);
    noteDatabaseError(Object.assign(new Error("duplicate key"), { code: "23505" }));
    expect(failedSince(mark)).toBe(false);
    noteDatabaseError(terminated());
    // The next query, on a new connection, answers: the outage is over, the request's failure was still its.
    noteDatabaseAnswered();
    expect(isDatabaseDown()).toBe(false);
    expect(failedSince(mark)).toBe(true);
    expect(failedSince(connectionFailureMark())).toBe(false);
  });

  it("withConnectionFailures gives a library's own error for a lost connection back as a connection error", async () => {
    setAvailabilityProbe(stillDown);
    const wrapped = new Error("Failed to get session");
    const lost = await withConnectionFailures(async () => {
      noteDatabaseError(terminated());
      noteDatabaseAnswered();
      throw wrapped;
    }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ConnectionLost);
    expect(isConnectionError(lost)).toBe(true);
    expect((lost as Error).cause).toBe(wrapped);

    // Any other failure, and the driver's own connection error, pass as they are.
    const other = new Error("bad input");
    await expect(withConnectionFailures(() => Promise.reject(other))).rejects.toBe(other);
    const raw = terminated();
    await expect(
      withConnectionFailures(async () => {
        noteDatabaseError(raw);
        throw raw;
      }),
    ).rejects.toBe(raw);
    await expect(withConnectionFailures(async () => 7)).resolves.toBe(7);
  });
});

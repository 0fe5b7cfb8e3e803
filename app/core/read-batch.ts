/**
 * Reads by key that arrive in the same turn of the event loop, sent to the database as one statement (decision
 * 0030): under load, the cart visitors' requests parsed together share one round trip instead of each taking
 * a pool connection for its own. Each read is still sent after its request arrived, so it sees every change
 * made before: nothing is cached between batches.
 *
 * `readMany(keys)` answers a map from key to value for the keys it found (`missing` for the others); each caller
 * gets the value of its own key only. A failed statement fails the reads in it. At most `maxKeys` keys go in one
 * statement; more are sent as several at once.
 */
export function readBatcher<V>(
  readMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  options: { missing: V; maxKeys?: number },
): (key: string) => Promise<V> {
  const maxKeys = options.maxKeys ?? 200;
  type Waiter = { resolve: (value: V) => void; reject: (error: unknown) => void };
  let pending: Map<string, Waiter[]> | null = null;

  const send = (batch: Map<string, Waiter[]>) => {
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxKeys) {
      const chunk = keys.slice(start, start + maxKeys);
      readMany(chunk).then(
        (found) => {
          for (const key of chunk) {
            const value = found.has(key) ? (found.get(key) as V) : options.missing;
            for (const waiter of batch.get(key)!) waiter.resolve(value);
          }
        },
        (error: unknown) => {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.reject(error);
        },
      );
    }
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<string, Waiter[]>();
        pending = batch;
        // After the poll phase: every request parsed in this turn has asked by then.
        setImmediate(() => {
          pending = null;
          send(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}

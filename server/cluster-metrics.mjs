// For a cluster's primary process (server.js with several workers): answers a
// worker's request for the whole cluster's metrics (server/metrics.ts asks when
// it runs in a worker). prom-client's AggregatorRegistry collects every
// worker's registry over IPC and merges them: counters summed, database-backed
// gauges taken once. Call installClusterMetrics() once in the primary.
import cluster from "node:cluster";
import client from "prom-client";

export function installClusterMetrics() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== "citron:metrics?") return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: "citron:metrics", id: message.id, text }),
      (error) => worker.send({ type: "citron:metrics", id: message.id, error: String(error?.message ?? error) }),
    );
  });
}

import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { env, EnvError } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { DatabaseInUseError } from "~/db/client.server";
import { getDatabaseHandle, setDemoSeeders } from "~/db/database.server";
import { ContentError, loadSiteContent } from "~/features/content/content.server";
import { registerDonationHooks } from "~/features/donations/hooks.server";
import { registerJudgeHooks } from "~/features/judges/family-notes.server";
import { registerEntryChangeHooks } from "~/features/entry-changes/link.server";
import { loadGuideCatalog } from "~/features/guide/content.server";
import { loadPublishedContent } from "~/features/site-editor/versions.server";
import { type AppOptions, createApp, KEEP_ALIVE_MS } from "./app";
import { demoSeeders } from "./demo-content";
import { stopOnSignals } from "./shutdown";
import { backgroundWorkers } from "./workers";

// The server's entry (vite.config.ts builds it; server.js calls start): start-up in order. The request path is
// server/app.ts; the graceful stop is server/shutdown.ts.

/** Starts the server: database first, then HTTP, then workers. */
export async function start(options: AppOptions): Promise<Server> {
  let config;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // content/ is read from disk here, not bundled: a broken edit stops the start
  // with the file and line named, before anything listens.
  try {
    await loadSiteContent();
    await loadGuideCatalog();
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(
        `${error.message}\nThe server did not start: fix the file and start it again (see content/README.md).`,
      );
      process.exit(1);
    }
    throw error;
  }

  // The database opens here, and on the embedded default's first run seeds each capability's demo content.
  setDemoSeeders(demoSeeders);
  registerDonationHooks();
  registerJudgeHooks();
  registerEntryChangeHooks();
  let handle;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // In a cluster (server.js) one worker does the once-per-machine work; the others only what fills their memory.
  const doesBackgroundWork = process.env.CITRON_BACKGROUND_WORK !== "0";
  const stops = backgroundWorkers
    .filter((worker) => doesBackgroundWork || worker.everyProcess)
    .map((worker) => worker.start(handle));
  // What staff published replaces content/ in memory before the first page is served (decision 0039).
  await loadPublishedContent(handle.db);

  const serverBuild = options.devServer
    ? undefined
    : ((await import("virtual:react-router/server-build")) as ServerBuild);
  const app = createApp({ ...options, serverBuild });
  const server = app.listen(config.PORT, config.HOST);
  // Longer than a load balancer's idle timeout (60 s on the common ones): a proxy must never reuse a
  // connection the server has just closed, which its client sees as a 502 (decision 0029).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const database = handle.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}` : "PostgreSQL";
  logger.info({ port, database, backgroundWork: doesBackgroundWork }, "server started");
  if (doesBackgroundWork) console.warn(`Citron Online District is running at http://localhost:${port} (${database})`);

  stopOnSignals(server, stops);
  return server;
}

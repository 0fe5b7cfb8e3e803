import { createContext, RouterContextProvider } from "react-router";
import type { RequestInfo } from "~/core/request-context";
import { requestInfoContext } from "~/core/request-context";
import type { Database } from "./client.server";

/**
 * The one seam through which route modules reach the database: the root's middleware sets it per request
 * (app/root.tsx), tests hand a route their own.
 */
export const databaseContext = createContext<Database>();

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}

/**
 * The one place a request's router context is built: the server's per request and per cached render
 * (server/app.ts), and a test's for a loader or action (tests/support/database.ts). It holds the request's facts
 * and, when given, the database (the server's comes from the root's middleware).
 */
export function createRequestContext(info: RequestInfo, db?: Database): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  if (db) context.set(databaseContext, db);
  return context;
}

import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "./client.server";

/**
 * The one seam through which route modules reach the database: the server
 * sets it per request (server/app.ts), tests hand a route their own.
 */
export const databaseContext = createContext<Database>();

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}

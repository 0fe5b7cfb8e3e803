import { randomBytes } from "node:crypto";
import pg from "pg";
import { pollUntil } from "./poll.ts";

/**
 * A new PostgreSQL database on the server `adminUrl` points at, and a way to
 * drop it: empty, or a copy of the database `template` (which nobody may be
 * connected to). Integration tests, browser tests and benchmarks each get
 * their own, so runs never see each other's rows. Plain TypeScript that Node
 * 24 runs as is, so the .mjs scripts import it too.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await withClient(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withClient(adminUrl, async (client) => {
        await untilDisconnected(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** `adminUrl` with its database replaced by `name`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits (up to a second) until nobody is connected to the database `name`. A pool's end() resolves before its
 * connections have closed; dropping while they close kills them with an unhandled 57P01 in the caller, and
 * renaming or copying a database fails while it has connections.
 */
export async function untilDisconnected(client: pg.Client, name: string): Promise<void> {
  await pollUntil(
    `the connections to ${name} to close`,
    async () => {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      return rows[0]?.n === 0;
    },
    { timeoutMs: 1000, everyMs: 20 },
  ).catch(() => {}); // as before: after a second, go on (the drop or copy says why it fails)
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

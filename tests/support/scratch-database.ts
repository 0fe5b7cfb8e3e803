import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty PostgreSQL database on the server `adminUrl` points at, and a
 * way to drop it. Integration tests, browser tests and benchmarks each get
 * their own, so runs never see each other's rows. Plain TypeScript that Node
 * 24 runs as is, so the .mjs scripts import it too.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        // A pool's end() resolves before its connections have closed; dropping
        // while they close kills them with an unhandled 57P01 in the caller.
        for (let wait = 0; wait < 50; wait++) {
          const { rows } = await client.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

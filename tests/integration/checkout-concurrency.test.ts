import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../support/scratch-database";

/**
 * Two production server processes on one PostgreSQL database, a product
 * with stock 10 and 100 carts checking out at once, half through each
 * server: exactly 10 checkouts succeed and the stock never goes below 0.
 * Needs TEST_DATABASE_URL and a build (`npm run build`).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const built = existsSync(path.resolve("build/server/index.js"));
const PORTS = [Number(process.env.PORT ?? 3107), Number(process.env.E2E_PORT ?? 4207)];

describe.runIf(adminUrl && built)("checkout on two server processes", () => {
  let scratch: { url: string; drop(): Promise<void> };
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let client: pg.Client;

  async function startServer(port: number, databaseUrl: string) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-concurrency-"));
    dataDirs.push(dataDir);
    const child = spawn("node", ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        CITRON_LOCAL_PREVIEW: "true",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: "c".repeat(40),
        // A hundred buyers from one test address: the per-address checkout limit is not what this measures.
        CHECKOUT_RATE_LIMIT_MAX: "1000",
        LOG_LEVEL: "error",
        STRIPE_SECRET_KEY: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.push(child);
    for (let attempt = 0; attempt < 200; attempt++) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server on ${port} did not start`);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, "citron_concurrency");
    // One after the other: the first applies the migrations.
    await startServer(PORTS[0]!, scratch.url);
    await startServer(PORTS[1]!, scratch.url);
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM")),
          ),
      ),
    );
    await scratch?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("100 concurrent checkouts of a product with stock 10: exactly 10 succeed, stock ends at 0", async () => {
    const { rows } = await client.query<{ id: string }>(
      `insert into products (name, price, display_order, unlimited_stock, stock_count)
       values ('Limited Hoodie', 4500, 1, false, 10) returning id`,
    );
    const productId = rows[0]!.id;
    const cartIds = Array.from({ length: 100 }, (_, i) => `cart${String(i).padStart(39, "0")}`);
    await client.query(`insert into carts (id) select unnest($1::text[])`, [cartIds]);
    await client.query(`insert into cart_lines (cart_id, product_id, quantity) select unnest($1::text[]), $2, 1`, [
      cartIds,
      productId,
    ]);

    const started = Date.now();
    const statuses = await Promise.all(
      cartIds.map(async (cartId, i) => {
        const origin = `http://127.0.0.1:${PORTS[i % 2]}`;
        const response = await fetch(`${origin}/checkout`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: origin,
            Cookie: `citron_cart=${encodeURIComponent(btoa(JSON.stringify(cartId)))}`,
          },
          body: new URLSearchParams({ email: `buyer${i}@example.com` }),
          redirect: "manual",
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const elapsed = Date.now() - started;
    const succeeded = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 409).length;
    const histogram = statuses.reduce<Record<number, number>>(
      (all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }),
      {},
    );
    console.info(`100 checkouts on two processes in ${elapsed} ms: ${JSON.stringify(histogram)}`);
    expect(succeeded).toBe(10);
    expect(refused).toBe(90);
    const stock = await client.query<{ stock_count: number }>(`select stock_count from products where id = $1`, [
      productId,
    ]);
    expect(stock.rows[0]!.stock_count).toBe(0);
    const reserved = await client.query<{ total: number }>(
      `select coalesce(sum(quantity), 0)::int as total from stock_reservations`,
    );
    expect(reserved.rows[0]!.total).toBe(10);
    const open = await client.query<{ n: number }>(`select count(*)::int as n from checkouts where status = 'open'`);
    expect(open.rows[0]!.n).toBe(10);
    const pending = await client.query<{ n: number }>(`select count(*)::int as n from orders where status = 'pending'`);
    expect(pending.rows[0]!.n).toBe(10);
  }, 60_000);
});

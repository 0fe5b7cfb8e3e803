import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);

/** The build files served Brotli-compressed (server/precompressed.ts serves the `.br` beside each). */
export const COMPRESSED_ASSET = /\.(?:js|css)$/;

/**
 * Writes `<file>.br` (quality 11) beside every script and stylesheet in `dir`,
 * so the server serves Brotli from its first request (decision 0031). Compression
 * runs in libuv's thread pool, four files at a time.
 */
export async function compressAssets(dir: string): Promise<{ files: number; bytes: number; compressed: number }> {
  const names = (await readdir(dir)).filter((name) => COMPRESSED_ASSET.test(name));
  const totals = { files: 0, bytes: 0, compressed: 0 };
  const queue = [...names];
  const work = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const content = await readFile(path.join(dir, name));
      const compressed = await brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      await writeFile(path.join(dir, `${name}.br`), compressed);
      totals.files += 1;
      totals.bytes += content.length;
      totals.compressed += compressed.length;
    }
  };
  await Promise.all([work(), work(), work(), work()]);
  return totals;
}

/** Vite plugin: after the browser build is written, compress its assets (`npm run build`). */
export function brotliAssets(): Plugin {
  return {
    name: "citron:brotli-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const dir = path.join(options.dir, "assets");
      const { files, bytes, compressed } = await compressAssets(dir);
      this.environment.logger.info(
        `brotli: ${files} files, ${(bytes / 1024).toFixed(0)} KB -> ${(compressed / 1024).toFixed(0)} KB (${path.relative(process.cwd(), dir)}/*.br)`,
      );
    },
  };
}

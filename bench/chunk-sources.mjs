// Which modules make the browser's chunks heavy. Build with maps first:
//   SOURCEMAP=1 BUILD_DIR=build-maps npm run build && node bench/chunk-sources.mjs build-maps [chunk-name-prefix]
// Prints, per chunk, its minified bytes attributed to each source package or file.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";

const [buildDir = "build-maps", only = ""] = process.argv.slice(2);
const assets = path.join(buildDir, "client/assets");
for (const file of readdirSync(assets).filter((name) => name.endsWith(".js") && name.startsWith(only))) {
  const mapFile = path.join(assets, `${file}.map`);
  let map;
  try {
    map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
  } catch {
    continue;
  }
  const code = readFileSync(path.join(assets, file), "utf8");
  const lines = code.split("\n");
  const bytes = new Map();
  let previous = null;
  map.eachMapping((m) => {
    if (previous) {
      const sameLine = previous.generatedLine === m.generatedLine;
      const size = sameLine
        ? m.generatedColumn - previous.generatedColumn
        : lines[previous.generatedLine - 1].length - previous.generatedColumn;
      const key = owner(previous.source);
      bytes.set(key, (bytes.get(key) ?? 0) + size);
    }
    previous = m;
  });
  const total = code.length;
  const rows = [...bytes].sort((a, b) => b[1] - a[1]).filter(([, size]) => size > 500);
  if (total < 4000) continue;
  console.log(`\n${file} ${(total / 1000).toFixed(1)} KB minified`);
  for (const [source, size] of rows.slice(0, 15)) console.log(`${(size / 1000).toFixed(1).padStart(7)}  ${source}`);
}

function owner(source) {
  if (!source) return "(none)";
  const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return match ? match[1] : source.replace(/^.*?\/app\//, "app/");
}

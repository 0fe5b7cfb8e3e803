import { isMap, isNode, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "~/core/zod";

/** A content file that cannot be read, parsed or checked; the message names the file and line. */
export class ContentError extends Error {
  override name = "ContentError";
}

/** Parses a YAML file and checks it against its schema; errors name `content/<file>` and the line. */
export function parseContent<T extends z.ZodType>(
  file: string,
  source: string,
  schema: T,
  problem = "is not valid",
): z.infer<T> {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter, prettyErrors: false });
  const syntax = document.errors[0];
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line;
    const message = syntax.message.split("\n")[0];
    throw new ContentError(`content/${file} ${problem}:\n  line ${line}: ${message} (a YAML syntax error)`);
  }
  const result = schema.safeParse(document.toJS());
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
      const line = lineOf(document, lineCounter, issue.path, keys[0]);
      const where = issue.path.join(".") || "(top level)";
      return `${line ? `line ${line}: ` : ""}${where}: ${issue.message}`;
    });
    throw new ContentError(`content/${file} ${problem}:\n  ${issues.join("\n  ")}`);
  }
  return result.data;
}

/** The line of the value at `at` (or of its nearest parent that exists, e.g. for a missing field). */
function lineOf(document: Document, lines: LineCounter, at: PropertyKey[], unknownKey?: string): number | undefined {
  const keys = at.filter((key): key is string | number => typeof key !== "symbol");
  for (let depth = keys.length; depth >= 0; depth -= 1) {
    const node = depth === 0 ? document.contents : document.getIn(keys.slice(0, depth), true);
    if (!isNode(node) || !node.range) continue;
    if (depth === keys.length && unknownKey !== undefined && isMap(node)) {
      const pair = node.items.find(
        (item) => isNode(item.key) && String((item.key as { value?: unknown }).value) === unknownKey,
      );
      if (pair && isNode(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]).line;
    }
    return lines.linePos(node.range[0]).line;
  }
  return undefined;
}

import { isAlias, isCollection, isMap, isNode, isPair, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "~/core/zod";

/** A content file that cannot be read, parsed or checked; the message names the file and line. */
export class ContentError extends Error {
  override name = "ContentError";
}

/**
 * How much YAML one read may take (decision 0042). The YAML library's work grows with the marks that make its
 * tokens, not with the characters of plain text, and its check for a repeated key compared each key with every
 * earlier one (14,000 keys in 96 KB held the event loop 4 s): so the text is bounded by its characters and by its
 * marks (a cheap count before parsing), its flow nesting before parsing, and after parsing by its nodes and depth.
 * Repeated keys are found here with a set, and anchors and aliases (`&a`, `*a`, which no content uses and an alias
 * bomb abuses) are refused. Real content (content/, November 2026): the largest file, schools.yaml, is 9,904
 * characters with 826 marks and 213 lines; all nine sections together 34,853 characters and 2,283 marks.
 */
export type YamlLimits = { chars: number; marks: number; depth: number };

/** One section as the editor saves it: about 4 times the largest real file's characters, 3 times its marks. */
export const SECTION_YAML_LIMITS: YamlLimits = { chars: 40_000, marks: 2_500, depth: 16 };

/** Content files read at start (content/): trusted, but bounded the same way, with room for growth. */
const FILE_YAML_LIMITS: YamlLimits = { chars: 200_000, marks: 20_000, depth: 16 };

/** The characters the YAML library makes tokens of (indicators, quotes, comments, line breaks). */
// oxlint-disable-next-line no-useless-escape -- the set reads as YAML's indicators
const MARKS = /[\[\]{},:?&*!|>#'"\n-]/g;

/** The first reason `source` is more than `limits` allow, before any parsing; null when within them. */
export function yamlBoundsProblem(source: string, limits: YamlLimits): string | null {
  if (source.length > limits.chars)
    return `the text is too long (${source.length.toLocaleString("en-US")} characters; at most ${limits.chars.toLocaleString("en-US")})`;
  const marks = source.match(MARKS)?.length ?? 0;
  if (marks > limits.marks)
    return `the text has too much structure (${marks.toLocaleString("en-US")} lines, keys, dashes, quotes and brackets; at most ${limits.marks.toLocaleString("en-US")})`;
  // Flow nesting ([ and {), counted as if no bracket were quoted: an over-count only refuses sooner.
  let depth = 0;
  for (let index = 0; index < source.length; index += 1) {
    const character = source.charCodeAt(index);
    if (character === 0x5b || character === 0x7b) {
      depth += 1;
      if (depth > limits.depth) return `the text is nested too deeply (more than ${limits.depth} brackets)`;
    } else if ((character === 0x5d || character === 0x7d) && depth > 0) depth -= 1;
  }
  return null;
}

/**
 * The parsed document's own checks, in one pass over its nodes without recursion: depth, a key repeated in one
 * mapping, an anchor or alias. Returns the problem with its line, or null.
 */
function documentProblem(document: Document, lines: LineCounter, limits: YamlLimits): string | null {
  const lineAt = (node: unknown) =>
    isNode(node) && node.range ? `line ${lines.linePos(node.range[0]).line}: ` : "";
  const stack: Array<{ node: unknown; depth: number }> = [{ node: document.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (isAlias(node) || ((isScalar(node) || isCollection(node)) && node.anchor))
      return `${lineAt(node)}anchors and aliases (& and *) are not used in site content`;
    if (!isCollection(node)) continue;
    if (depth >= limits.depth) return `${lineAt(node)}the text is nested too deeply (more than ${limits.depth} levels)`;
    const seen = new Set<string>();
    const children: unknown[] = [];
    for (const item of node.items) {
      if (isPair(item)) {
        if (isMap(node)) {
          if (!isScalar(item.key)) return `${lineAt(item.key)}a key must be a plain name`;
          const name = String(item.key.value);
          if (seen.has(name)) return `${lineAt(item.key)}the key "${name.slice(0, 60)}" is repeated`;
          seen.add(name);
        }
        children.push(item.key, item.value);
      } else children.push(item);
    }
    // Last first onto the stack, so the first problem in the text is the one named.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push({ node: children[index], depth: depth + 1 });
  }
  return null;
}

/**
 * Parses a YAML file and checks it against its schema; errors name `content/<file>` and the line. Every problem,
 * the parser's own exceptions included, is a ContentError (a form shows its message; never a 500). `limits` bounds
 * the work before and after parsing (YamlLimits).
 */
export function parseContent<T extends z.ZodType>(
  file: string,
  source: string,
  schema: T,
  problem = "is not valid",
  limits: YamlLimits = FILE_YAML_LIMITS,
): z.infer<T> {
  const refuse = (detail: string) => new ContentError(`content/${file} ${problem}:\n  ${detail}`);
  const tooMuch = yamlBoundsProblem(source, limits);
  if (tooMuch) throw refuse(tooMuch);
  const lineCounter = new LineCounter();
  let document: Document;
  let value: unknown;
  try {
    // uniqueKeys: false: the library's own check is quadratic; documentProblem finds a repeated key with a set.
    document = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false });
    const syntax = document.errors[0];
    if (syntax) {
      const line = lineCounter.linePos(syntax.pos[0]).line;
      const message = syntax.message.split("\n")[0];
      throw refuse(`line ${line}: ${message} (a YAML syntax error)`);
    }
    const structure = documentProblem(document, lineCounter, limits);
    if (structure) throw refuse(structure);
    value = document.toJS({ maxAliasCount: 0 });
  } catch (error) {
    if (error instanceof ContentError) throw error;
    // The parser's own limits (a stack too deep, an alias count) throw outside its error list.
    throw refuse(`the text could not be read as YAML (${error instanceof Error ? error.message.split("\n")[0] : "unknown error"})`);
  }
  const result = schema.safeParse(value);
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

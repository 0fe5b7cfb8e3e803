import type { TestDatabase } from "#tests/support/database";

export type Answer = { status: number; data: Record<string, unknown> };

/** Calls a route module's loader or action as React Router would, with the answer's status and data. */
export async function callRoute(
  database: TestDatabase,
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
  clientAddress?: string,
): Promise<Answer> {
  const context = database.context(clientAddress ? { clientAddress } : {});
  const result = (await handler({ request, context, params } as never)) as unknown;
  if (result instanceof Response) return { status: result.status, data: {} };
  const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: init?.status ?? 200, data };
}

/** The judge form's body as a browser posts it (categories repeated). */
export function judgeFormRequest(fields: Record<string, string | readonly string[]>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
  return new Request("http://localhost/judge", { method: "POST", body });
}

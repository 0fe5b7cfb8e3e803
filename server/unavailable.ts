import type { NextFunction, Request, Response } from "express";
import { isDatabaseDown } from "~/db/availability.server";

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The short page of a database outage (decision 0029): plain HTML with no
 * script or style from the build, so it needs nothing the outage could break.
 */
export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back in a moment</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111">
<h1>Back in a moment</h1>
<p>The site cannot reach its database right now. Nothing you sent was saved; please try again in a few seconds.</p>
</body></html>
`;

export function sendUnavailable(res: Response): void {
  res
    .status(503)
    .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
    .type("html")
    .send(UNAVAILABLE_HTML);
}

/** While the database is known to be down, pages and forms get the 503 at once rather than waiting to fail. */
export function failFastWhileDatabaseDown() {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (isDatabaseDown()) sendUnavailable(res);
    else next();
  };
}

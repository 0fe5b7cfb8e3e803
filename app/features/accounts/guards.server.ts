import { eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { pageUrl } from "~/core/page-url";
import { redirectWithToast } from "~/core/toast.server";
import { isConnectionError, withConnectionFailures } from "~/db/availability.server";
import { getDb } from "~/db/context";
import { userRoles, users } from "~/db/schema/accounts";
import { coachSchools } from "~/db/schema/coaches";
import { getAuth } from "./auth.server";
import {
  ACCESS_CHECK_FAILED,
  ADMIN_REQUIRED_MESSAGE,
  afterSignInPath,
  COACH_HOME,
  COACH_ONLY_MESSAGE,
  COACH_PATH,
  STAFF_ONLY_MESSAGE,
  type AccessDenied,
} from "./access";
import type { Role } from "./roles";

export type { Role } from "./roles";

export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** Whether the account signs in with a second factor (decision 0028). */
  twoFactorEnabled?: boolean;
};

type Context = Readonly<RouterContextProvider>;

/** An account with its role, as the guards and the admin user list read it. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  role: userRoles.role,
};

// The root, layout and page loaders of one request all ask: look the session up once.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in account behind this request, or null. An account whose role
 * was removed counts as signed out: it has no permissions at all.
 */
export function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = lookUp(request, context);
    perRequest.set(request, pending);
  }
  return pending;
}

async function lookUp(request: Request, context: Context): Promise<SessionUser | null> {
  // Most visitors carry no session cookie: answer without touching the database.
  if (!request.headers.get("Cookie")?.includes("session_token=")) return null;
  const db = getDb(context);
  // better-auth turns a lost connection into its own "Failed to get session": keep it an outage.
  const session = await withConnectionFailures(() => getAuth(db).api.getSession({ headers: request.headers }));
  if (!session) return null;
  const [row] = await db
    .select({ ...accountColumns, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, session.user.id));
  return row ?? null;
}

/** The path (and query) to come back to after signing in. */
function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = afterSignInPath(`${url.pathname}${url.search}`);
  return `/auth?${new URLSearchParams({ redirectTo: back })}`;
}

const forbidden = (message: string, home?: AccessDenied["home"]) =>
  data<AccessDenied>({ title: "Access Denied", message, ...(home ? { home } : {}) }, { status: 403 });

/**
 * Staff (user or admin) only. Signed-out visitors are sent to /auth and come back here after signing in; a coach
 * (decision 0054) is refused with a 403 on every staff page.
 */
export async function requireUser(
  request: Request,
  context: Context,
  options: { failure?: string } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request, context).catch(accessCheckFailed(options.failure));
  if (!user) throw redirect(signInUrl(request));
  if (user.role === "coach") throw forbidden(STAFF_ONLY_MESSAGE, COACH_HOME);
  // Where staff must sign in with two factors (every role: users read donor and student data too; decision 0037),
  // an account without sees nothing else until it is set up (on the profile page). The page's own data requests
  // and form posts (`/admin/profile.data`) pass too, or the setup redirects to itself.
  if (
    env().ADMIN_TWO_FACTOR_REQUIRED &&
    !user.twoFactorEnabled &&
    pageUrl(request).pathname !== TWO_FACTOR_SETUP_PAGE
  ) {
    throw redirect(TWO_FACTOR_SETUP_PATH);
  }
  return user;
}

/**
 * docs/product.md sections 6 and 8: when the account and role cannot be read (the
 * database failed), the page is not shown: home, with the page's notice
 * ("Failed to verify access." unless it says otherwise).
 */
export function accessCheckFailed(description = ACCESS_CHECK_FAILED) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof Response) throw error;
    // A lost database connection is an outage, answered with the short 503 page (decision 0029), not this notice.
    if (isConnectionError(error)) throw error;
    logger.error({ err: error }, "the session and role could not be read");
    throw await redirectWithToast("/", { type: "error", title: "Error", description });
  };
}

/**
 * Admins only. Signed out: to /auth. Signed in without the role: a 403 whose
 * page shows docs/product.md's access-denied text (`message` lets a page use its own).
 */
export async function requireAdmin(
  request: Request,
  context: Context,
  options: { message?: string } = {},
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") throw forbidden(options.message ?? ADMIN_REQUIRED_MESSAGE);
  return user;
}

/** A member school a coach is given (decision 0054): its roster code and its name when given. */
export type CoachSchool = { code: string; name: string };

/** A signed-in coach and the member schools they read. */
export type SignedInCoach = { user: SessionUser; schools: CoachSchool[] };

/**
 * The one guard of every coach page and download (decision 0054): signed out, to /auth and back; staff, or a coach
 * left with no school, a 403; where two factors are required, a coach without sees only the setup on their account
 * page. Returns the coach with their schools' codes, which the coach's feature scopes every read by.
 */
export async function requireCoachSchools(request: Request, context: Context): Promise<SignedInCoach> {
  const user = await getSessionUser(request, context).catch(accessCheckFailed());
  if (!user) throw redirect(signInUrl(request));
  if (user.role !== "coach") throw forbidden(COACH_ONLY_MESSAGE);
  if (
    env().ADMIN_TWO_FACTOR_REQUIRED &&
    !user.twoFactorEnabled &&
    pageUrl(request).pathname !== COACH_TWO_FACTOR_SETUP_PAGE
  ) {
    throw redirect(COACH_TWO_FACTOR_SETUP_PATH);
  }
  const schools = await getDb(context)
    .select({ code: coachSchools.schoolCode, name: coachSchools.schoolName })
    .from(coachSchools)
    .where(eq(coachSchools.userId, user.id))
    .orderBy(coachSchools.schoolName)
    .catch(accessCheckFailed());
  if (schools.length === 0) throw forbidden(NO_SCHOOL_MESSAGE);
  return { user, schools };
}

/** A coach whose schools were all taken away. */
export const NO_SCHOOL_MESSAGE = "Your account has no school. Ask the district's staff to invite you again.";

/** A coach's account page, where they set up two-factor sign-in when it is required. */
export const COACH_TWO_FACTOR_SETUP_PAGE = `${COACH_PATH}/account`;
const COACH_TWO_FACTOR_SETUP_PATH = `${COACH_TWO_FACTOR_SETUP_PAGE}?setup=two-factor`;

/** The query a public page is previewed with: `/about?preview=team` shows the team's draft to signed-in staff. */
export const PREVIEW_PARAM = "preview";

/**
 * The guard of a public page's draft preview (decision 0039): the staff member who may read drafts, or null for the
 * live page. Only an address with `?preview=` asks; a visitor without a session (and the page cache, which renders
 * pages as one) gets the live page; a signed-in account is asked what the admin area asks (`requireUser`), so one
 * that has not yet set up a required second factor is sent to set it up instead of reading drafts.
 */
export async function requirePreviewer(request: Request, context: Context): Promise<SessionUser | null> {
  if (!new URL(request.url).searchParams.has(PREVIEW_PARAM)) return null;
  if (!(await getSessionUser(request, context).catch(accessCheckFailed()))) return null;
  return requireUser(request, context);
}

/** The page where an admin sets up two-factor sign-in (the profile page, which only asks for a signed-in account). */
export const TWO_FACTOR_SETUP_PAGE = "/admin/profile";
/** Where a staff account without two-factor sign-in is sent when it is required. */
export const TWO_FACTOR_SETUP_PATH = `${TWO_FACTOR_SETUP_PAGE}?setup=two-factor`;

import { publicPages } from "~/core/public-pages";

type NavPage = Extract<(typeof publicPages)[number], { nav: string }>;

/** The public navigation, in its order and with its labels: the public pages that have a `nav` label. */
export const navLinks: readonly { label: NavPage["nav"]; to: NavPage["path"] }[] = publicPages
  .filter((page): page is NavPage => "nav" in page)
  .map((page) => ({ label: page.nav, to: page.path }));

import { Link } from "react-router";
import type { FooterContent } from "~/features/content/schemas";
import { LogoMark } from "./logo";
import { useRootData } from "./use-site";

type FooterLink = FooterContent["groups"][number]["links"][number];

const linkClass = "text-navy-100 underline-offset-4 hover:text-white hover:underline";

/** A page of the site through the router; an https address in a new tab; a mail address as it is. */
function FooterLinkItem({ link }: { link: FooterLink }) {
  if (link.href.startsWith("/"))
    return (
      <Link to={link.href} className={linkClass}>
        {link.label}
      </Link>
    );
  return link.href.startsWith("https://") ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {link.label}
    </a>
  ) : (
    <a href={link.href} className={linkClass}>
      {link.label}
    </a>
  );
}

function LinkList({ links, className }: { links: FooterLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.href} ${link.label}`}>
          <FooterLinkItem link={link} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The public pages' footer: the district, its tax status and staff-edited links (content/footer.yaml, with the
 * settings filled in by the public layout's loader; none when that loader failed). The first group is the
 * footer's navigation.
 */
export function SiteFooter({ content }: { content: FooterContent | undefined }) {
  const { site, year } = useRootData();
  const [explore, ...others] = content?.groups ?? [];
  return (
    <footer className="mt-20 bg-navy-900 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <div className="flex items-center gap-3">
            <LogoMark className="size-10 rounded-lg ring-1 ring-white/25" />
            <p className="text-lg font-bold text-white">{site.name}</p>
          </div>
          {content ? <p className="max-w-sm text-sm leading-relaxed text-navy-200">{content.tagline}</p> : null}
          <p className="text-sm text-navy-200">
            A 501(c)(3) non-profit organization. Tax ID (EIN): <span className="tabular">{site.taxId}</span>
          </p>
        </div>
        {explore ? (
          <nav aria-label="Footer">
            <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">{explore.heading}</h2>
            <LinkList links={explore.links} className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1" />
          </nav>
        ) : null}
        {others.map((group) => (
          <div key={group.heading}>
            <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">{group.heading}</h2>
            <LinkList links={group.links} className="grid gap-2 text-sm" />
          </div>
        ))}
      </div>
      <div className="border-t border-navy-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-navy-200 sm:px-6">
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

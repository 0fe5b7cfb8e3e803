import { Link } from "react-router";
import { LogoMark } from "./logo";
import { navLinks } from "./nav-links";
import { useRootData } from "./use-site";

export function SiteFooter() {
  const { site, year } = useRootData();
  return (
    <footer className="mt-20 bg-navy-900 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <div className="flex items-center gap-3">
            <LogoMark className="size-10 rounded-lg ring-1 ring-white/25" />
            <p className="text-lg font-bold text-white">{site.name}</p>
          </div>
          <p className="max-w-sm text-sm leading-relaxed text-navy-200">
            Online speech, debate and model congress for high school students who cannot compete on Friday or Saturday.
          </p>
          <p className="text-sm text-navy-200">
            A 501(c)(3) non-profit organization. Tax ID (EIN): <span className="tabular">{site.taxId}</span>
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">Explore</h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {navLinks.slice(0, 7).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-navy-100 underline-offset-4 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">Get in touch</h2>
          <ul className="grid gap-2 text-sm">
            <li>
              <Link to="/contact" className="text-navy-100 underline-offset-4 hover:text-white hover:underline">
                Contact us
              </Link>
            </li>
            <li>
              <a
                href={`mailto:${site.contactEmail}`}
                className="text-navy-100 underline-offset-4 hover:text-white hover:underline"
              >
                {site.contactEmail}
              </a>
            </li>
            <li>
              <a
                href={site.socialUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-navy-100 underline-offset-4 hover:text-white hover:underline"
              >
                Follow us on social media
              </a>
            </li>
            <li>
              <Link to="/donate" className="text-navy-100 underline-offset-4 hover:text-white hover:underline">
                Donate
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-navy-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-navy-200 sm:px-6">
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import React from "react";
import { Link } from "gatsby";
import { FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, type NavLink } from "../../common/navigation";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { useToday } from "../hooks/useToday";

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-sm font-semibold tracking-wider text-ember-300 uppercase">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-cream-100 underline-offset-4 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { brand, blurb, legal, email } = useSiteSettings();
  const year = useToday().getFullYear();
  return (
    <footer className="mt-auto bg-forest-900 text-cream-100">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-serif text-2xl font-bold text-white">{brand}</p>
          <p className="mt-3 max-w-md leading-relaxed text-cream-200">{blurb}</p>
          <p className="mt-4 text-sm text-cream-200">
            Fragen? Schreib uns:{" "}
            <a href={`mailto:${email}`} className="font-medium text-white underline underline-offset-4">
              {email}
            </a>
          </p>
        </div>
        <LinkList title="Schnellzugriff" links={FOOTER_QUICK_LINKS} />
        <LinkList title="Rechtliches" links={FOOTER_LEGAL_LINKS} />
      </div>
      <div className="border-t border-forest-700">
        <p className="container-page py-5 text-sm text-cream-200">
          © {year} {legal.company}. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
}

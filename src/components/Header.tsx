import React, { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "gatsby";
import { HEADER_LINKS } from "../../common/navigation";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { Icon } from "./sections/Icon";
import { PALETTE } from "../../common/brand";
import { REPLAY_CLICK } from "../hydration-marks";

const linkClass =
  "rounded-md px-3 py-2 text-[0.95rem] font-medium text-forest-900 transition-colors hover:bg-forest-50 hover:text-forest-700";
const activeClass = "bg-forest-50 text-forest-700";

export function Header() {
  const { brand, email } = useSiteSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // Listening from the start (not only once the menu is open) leaves no moment in which an open menu
  // ignores Escape.
  const menuOpenRef = useRef(menuOpen);
  menuOpenRef.current = menuOpen;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menuOpenRef.current) closeMenu(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeMenu]);

  return (
    <header className="sticky top-0 z-40 border-b border-cream-200 bg-cream-50 shadow-[0_1px_0_rgba(0,0,0,0.02)]">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 font-serif text-2xl font-bold tracking-tight text-forest-800">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 36 36" className="h-9 w-9">
            <circle cx="18" cy="18" r="18" fill="currentColor" />
            <path
              d="M11 9v10.5a7 7 0 0 0 14 0V9"
              fill="none"
              stroke={PALETTE["ember-300"]}
              strokeWidth="3.2"
              strokeLinecap="round"
            />
          </svg>
          {brand}
          <span className="sr-only"> – zur Startseite</span>
        </Link>

        <nav aria-label="Hauptnavigation" className="hidden md:block">
          <HeaderLinks listClassName="flex items-center gap-1" linkClassName={linkClass} />
        </nav>

        <div className="hidden items-center gap-4 text-sm lg:flex">
          <SecureAndMail email={email} mailClassName="underline-offset-2 hover:underline" />
        </div>

        <button
          ref={toggleRef}
          type="button"
          {...REPLAY_CLICK}
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-forest-900 hover:bg-forest-50 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <Icon name="close" className="h-6 w-6" /> : <Icon name="menu" className="h-6 w-6" />}
          <span className="sr-only">{menuOpen ? "Menü schließen" : "Menü öffnen"}</span>
        </button>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-cream-200 bg-cream-50 md:hidden">
        <nav aria-label="Mobile Navigation" className="container-page py-3">
          <HeaderLinks
            listClassName="flex flex-col"
            linkClassName={`block ${linkClass} py-3 text-base`}
            onNavigate={() => closeMenu(false)}
          />
          <div className="mt-3 flex flex-col gap-2 border-t border-cream-200 pt-3 text-sm">
            <SecureAndMail email={email} mailClassName="py-2" />
          </div>
        </nav>
      </div>
    </header>
  );
}

/** Start, Bewegung, Ernährung, Kontakt: the same list in the desktop bar and in the mobile menu. */
function HeaderLinks({
  listClassName,
  linkClassName,
  onNavigate,
}: {
  listClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={listClassName}>
      {HEADER_LINKS.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName} activeClassName={activeClass} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The secure-connection label and the contact e-mail, beside the navigation or inside the mobile menu. */
function SecureAndMail({ email, mailClassName }: { email: string; mailClassName: string }) {
  return (
    <>
      <span className="inline-flex items-center gap-1.5 text-forest-700">
        <Icon name="lock" className="h-4 w-4" />
        Sichere Verbindung
      </span>
      <a href={`mailto:${email}`} className={`inline-flex items-center gap-1.5 font-medium text-forest-800 ${mailClassName}`}>
        <Icon name="mail" className="h-4 w-4" />
        {email}
      </a>
    </>
  );
}

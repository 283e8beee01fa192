/**
 * Frame of every owner screen: brand, navigation, who is logged in, logout. On a phone all of it sits
 * behind one „Menü“ button in a single row (a disclosure: Escape or a choice closes it, focus returns to
 * the button); from the `lg` width on the brand and the account share a row above the menu's row.
 * Editors see only their screen; everyone reaches their passkeys through their address.
 */
import React, { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, navigate } from "./router";
import { call, errorText, LOGIN_PATH } from "./api";
import type { OwnerSession } from "../../common/owner/responses";
import { OWNER_SCREENS } from "../../common/routes";
import { OWNER_API } from "../../common/owner/api";
import { clearLocalCopies } from "./content/local-copies";
import { menuFor } from "./screens";

const MENU_ID = "verwaltung-menue";

const isCurrent = (to: string, path: string | undefined) =>
  to === OWNER_SCREENS.overview.path ? path === to : path === to || path?.startsWith(`${to}/`) === true;

export function OwnerLayout({ session, path, children }: { session?: OwnerSession; path?: string; children: React.ReactNode }) {
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigation = session ? menuFor(session.role) : [];

  // A choice in the menu (or back/forward) closes it.
  useEffect(() => setOpen(false), [path]);
  // Listening from the moment the menu shows (a layout effect, not one after the next frame): an Escape pressed right
  // after opening still closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const logout = async () => {
    try {
      await call(OWNER_API.logout);
      clearLocalCopies();
      navigate(LOGIN_PATH, { replace: true });
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <div className="min-h-screen bg-cream-50">
      <a
        href="#verwaltung-inhalt"
        className="sr-only z-50 rounded-md bg-forest-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Zum Inhalt springen
      </a>
      <header className="relative bg-forest-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 px-4 sm:px-6">
          <p className="order-1 py-2 font-serif text-lg font-bold whitespace-nowrap lg:py-3">
            Urkraft<span className="hidden sm:inline"> · Verwaltung</span>
          </p>
          {session && (
            <>
              <button
                ref={button}
                type="button"
                aria-expanded={open}
                aria-controls={MENU_ID}
                aria-label={open ? "Menü schließen" : "Menü öffnen"}
                onClick={() => setOpen((value) => !value)}
                className="order-2 my-1.5 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-white/70 px-4 font-semibold hover:bg-white/10 lg:hidden"
              >
                <span aria-hidden="true" className="w-4 text-xl leading-none">
                  {open ? "×" : "☰"}
                </span>
                Menü
              </button>
              {/* On a phone a panel under the row; from lg on its parts join the header's rows (display: contents). */}
              <div
                id={MENU_ID}
                className={`${open ? "block" : "hidden"} absolute inset-x-0 top-full z-40 bg-forest-900 pb-3 shadow-lg lg:contents`}
              >
                <nav aria-label="Verwaltung" className="border-t border-white/15 lg:order-3 lg:w-full">
                  <ul className="flex flex-col px-2 lg:flex-row lg:px-0">
                    {navigation.map((item) => {
                      const current = isCurrent(item.path, path);
                      return (
                        <li key={item.path}>
                          <Link
                            to={item.path}
                            aria-current={current ? "page" : undefined}
                            className={`block min-h-11 px-3 py-3 font-semibold whitespace-nowrap lg:px-2 lg:text-sm xl:px-3 ${
                              current
                                ? "border-l-4 border-ember-400 text-white lg:border-b-4 lg:border-l-0"
                                : "text-forest-100 hover:text-white"
                            }`}
                          >
                            {item.label}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </nav>
                <div className="flex flex-wrap items-center gap-3 border-t border-white/15 px-5 pt-3 text-sm lg:order-2 lg:border-0 lg:p-0">
                  <Link
                    to={OWNER_SCREENS.security.path}
                    className="text-forest-100 underline-offset-4 hover:text-white hover:underline"
                    title="Deine Passkeys und Sitzungen"
                  >
                    {session.email}
                  </Link>
                  <button
                    type="button"
                    onClick={logout}
                    className="min-h-11 rounded-full border-2 border-white/70 px-4 font-semibold hover:bg-white/10"
                  >
                    Abmelden
                  </button>
                </div>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="verwaltung-inhalt" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6">
        {error && (
          <p role="alert" className="mb-4 text-red-800">
            {error}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}

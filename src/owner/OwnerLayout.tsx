/** Frame of every owner screen: brand, navigation, who is logged in, logout. */
import React, { useState } from "react";
import { Link, navigate } from "./router";
import { api, errorText, LOGIN_PATH } from "./api";
import type { OwnerSession } from "../../common/owner/api-types";
import { OWNER_SCREENS } from "../../common/routes";

const NAVIGATION = Object.values(OWNER_SCREENS).map((screen) => ({ to: screen.path, label: screen.label }));

export function OwnerLayout({ session, path, children }: { session?: OwnerSession; path?: string; children: React.ReactNode }) {
  const [error, setError] = useState<string>();
  const logout = async () => {
    try {
      await api("/abmelden", { method: "POST", body: {} });
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
      <header className="bg-forest-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="font-serif text-lg font-bold">Urkraft · Verwaltung</p>
          {session && (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="text-forest-100">{session.email}</span>
              <button
                type="button"
                onClick={logout}
                className="min-h-11 rounded-full border-2 border-white/70 px-4 font-semibold hover:bg-white/10"
              >
                Abmelden
              </button>
            </div>
          )}
        </div>
        {session && (
          <nav aria-label="Verwaltung" className="border-t border-white/15">
            <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2 sm:px-4">
              {NAVIGATION.map((item) => {
                const current = item.to === OWNER_SCREENS.overview.path ? path === item.to : path?.startsWith(item.to);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={current ? "page" : undefined}
                      className={`block min-h-11 px-2 py-3 text-sm font-semibold whitespace-nowrap sm:px-3 ${
                        current ? "border-b-4 border-ember-400 text-white" : "text-forest-100 hover:text-white"
                      }`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
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

/**
 * The owner area's router: the History API and nothing else. `navigate` changes the address without a
 * page load; clicks on links to /verwaltung… inside the page do the same (new tab, download and
 * modifier clicks stay with the browser); back and forward work through popstate. After a change the
 * page scrolls to the top and the keyboard focus moves to the main content, as after a page load.
 */
import React, { useEffect, useState } from "react";

const AREA = /^\/verwaltung(?:\/|$)/;
const CHANGE = "verwaltung:navigate";

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
  // Focus after the new screen has rendered; the main element is focusable (tabIndex -1).
  requestAnimationFrame(() => document.getElementById("verwaltung-inhalt")?.focus({ preventScroll: true }));
}

/** The target of a plain left click on a link this router should handle, else undefined. */
function routedHref(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined;
  }
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download") || (link.target && link.target !== "_self")) {
    return undefined;
  }
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !AREA.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** The current path; re-renders on navigate, on clicks on owner links and on back/forward. */
export function usePathname(): string {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPathname(window.location.pathname);
    const onClick = (event: MouseEvent) => {
      const href = routedHref(event);
      if (href === undefined) return;
      event.preventDefault();
      navigate(href);
    };
    window.addEventListener(CHANGE, update);
    window.addEventListener("popstate", update);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener(CHANGE, update);
      window.removeEventListener("popstate", update);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return pathname;
}

/** A plain link; the click handler above turns it into a navigation without a page load. */
export function Link({ to, ...props }: { to: string } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} {...props} />;
}

/** What the router gives every screen (src/owner/screens.tsx): its path, the parts its pattern names, the role. */
export interface ScreenProps {
  path: string;
  /** `/anfragen/:id` gives { id }. */
  params: Record<string, string>;
  role: "owner" | "editor";
}

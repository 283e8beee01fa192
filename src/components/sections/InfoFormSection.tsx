import React, { useEffect, useLayoutEffect, useRef } from "react";
import { INFO_FORM_ID } from "../../../common/constants";
import { LeadForm } from "../../forms/LeadForm";
import { Icon } from "./Icon";

interface InfoFormSectionProps {
  kicker: string;
  title: string;
  intro: string;
  points: readonly string[];
  note: string;
}

/** useLayoutEffect in the browser; on the server (static HTML) it has nothing to do. */
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The home page's `#info-form`: what the visitor gets, and the lead form. Calls to action scroll here. */
export function InfoFormSection({ kicker, title, intro, points, note }: InfoFormSectionProps) {
  const section = useRef<HTMLElement>(null);
  // Arriving at /#info-form (a button on another page, or a fresh load), the router and the browser jump
  // to the anchor; the jump is instant (the site sets no CSS smooth scrolling, which would turn it into an
  // animation that a slow machine ends somewhere else). Land before the router acts (layout effects run
  // first), once more when the page has loaded, and whenever web fonts have arrived (they come after the
  // paint and may move the text a little), unless the visitor has started to scroll.
  useIsomorphicLayoutEffect(() => {
    if (window.location.hash !== `#${INFO_FORM_ID}`) return;
    let visitorMoved = false;
    const moved = () => (visitorMoved = true);
    const land = () => {
      if (!visitorMoved) section.current?.scrollIntoView({ block: "start" });
    };
    const settle = () => void (document.fonts?.ready ?? Promise.resolve()).then(land);
    land();
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    inputs.forEach((type) => window.addEventListener(type, moved, { passive: true }));
    if (document.readyState === "complete") settle();
    else window.addEventListener("load", settle, { once: true });
    document.fonts?.addEventListener("loadingdone", land);
    return () => {
      inputs.forEach((type) => window.removeEventListener(type, moved));
      window.removeEventListener("load", settle);
      document.fonts?.removeEventListener("loadingdone", land);
    };
  }, []);
  return (
    <section
      ref={section}
      id={INFO_FORM_ID}
      tabIndex={-1}
      aria-labelledby="info-form-title"
      className="section bg-forest-900 text-cream-100 focus:outline-none"
    >
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
        <div>
          <p className="kicker-light">{kicker}</p>
          <h2 id="info-form-title" className="h2 mt-2 text-white">
            {title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed">{intro}</p>
          <ul className="mt-6 space-y-3 text-lg">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <Icon name="check" className="mt-0.5 h-6 w-6 shrink-0 text-ember-300" />
                {point}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-cream-200">{note}</p>
        </div>
        <div className="rounded-3xl bg-cream-50 p-6 text-bark-900 shadow-xl sm:p-8">
          <LeadForm />
        </div>
      </div>
    </section>
  );
}

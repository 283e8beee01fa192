import React from "react";
import { Link } from "gatsby";
import { INFO_FORM_ID } from "../../../common/constants";
import { REPLAY_CLICK } from "../../hydration-marks";

interface InfoFormCtaProps {
  children: React.ReactNode;
  /** On the home page the form is below: scroll to it instead of loading a page. */
  onHomePage?: boolean;
  className?: string;
}

/** Scrolls smoothly to the form (instantly for people who ask for reduced motion) and stays on "/". */
export function scrollToInfoForm(event: React.MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(INFO_FORM_ID);
  if (!form) return; // the browser's own jump to #info-form still works
  event.preventDefault();
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  form.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // Keyboard and screen-reader users continue at the form, without a second jump.
  form.focus({ preventScroll: true });
}

/** Every "Kostenlose Infos anfordern" button: to the info form on the home page. */
export function InfoFormCta({ children, onHomePage = false, className = "btn-primary" }: InfoFormCtaProps) {
  if (onHomePage) {
    return (
      <a href={`#${INFO_FORM_ID}`} onClick={scrollToInfoForm} className={className} {...REPLAY_CLICK}>
        {children}
      </a>
    );
  }
  return (
    <Link to={`/#${INFO_FORM_ID}`} className={className}>
      {children}
    </Link>
  );
}

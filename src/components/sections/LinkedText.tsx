import React from "react";
import { Link } from "gatsby";
import { TEXT_LINK } from "../../../common/content/linked-text";

const LINK_CLASS = "font-semibold text-forest-700 underline underline-offset-2";

/** A sentence of page copy whose `[label](/seite)` and `[label](mailto:…)` parts become links. */
export function LinkedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(TEXT_LINK)) {
    const [whole, label, target] = match;
    parts.push(text.slice(rest, match.index));
    parts.push(
      target.startsWith("/") ? (
        <Link key={match.index} to={target} className={LINK_CLASS}>
          {label}
        </Link>
      ) : (
        <a key={match.index} href={target} className={LINK_CLASS}>
          {label}
        </a>
      ),
    );
    rest = match.index + whole.length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}

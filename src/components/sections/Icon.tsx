import React from "react";
import { withPrefix } from "gatsby";
import { PRINCIPLE_ICONS } from "../../../common/content/principle-icons";

/** Every symbol in static/icons/sections.svg, the site's one icon set (a test checks that the sprite draws each one). */
export const ICON_NAMES = [
  ...PRINCIPLE_ICONS,
  "users",
  "tree",
  "pot",
  "chat",
  "check",
  "cross",
  "arrow",
  "walk",
  "bowl",
  "timer",
  "servings",
  "envelope",
  "mail",
  "pin",
  "shield",
  "lock",
  "star",
  "menu",
  "close",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const ICON_SPRITE = "/icons/sections.svg";

/**
 * A line icon from the sprite file: the drawings live in one cached SVG, not in the page's JavaScript.
 * Decorative: hidden from screen readers, the text beside it carries the meaning.
 */
export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${withPrefix(ICON_SPRITE)}#${name}`} />
    </svg>
  );
}

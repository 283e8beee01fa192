import React from "react";
import { Icon } from "../sections/Icon";

const MAX_STARS = 5;

/** Stars as one image for assistive technology: "5 von 5 Sternen". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <p role="img" aria-label={`${rating} von ${MAX_STARS} Sternen`} className="flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => index + 1).map((star) => (
        <Icon key={star} name="star" className={star <= rating ? "icon-sm text-ember-500" : "icon-sm text-cream-200"} />
      ))}
    </p>
  );
}

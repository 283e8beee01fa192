import React from "react";
import { StarIcon } from "../icons";

const MAX_STARS = 5;

/** Stars as one image for assistive technology: "5 von 5 Sternen". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <p role="img" aria-label={`${rating} von ${MAX_STARS} Sternen`} className="flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} className={`h-5 w-5 ${index < rating ? "text-ember-500" : "text-cream-200"}`} />
      ))}
    </p>
  );
}

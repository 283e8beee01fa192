import React from "react";
import { StarRating } from "./StarRating";
import type { TestimonialData } from "../sections/types";

/** One participant's experience: stars, text, name, place and date. */
export function TestimonialCard({ testimonial }: { testimonial: TestimonialData }) {
  const { name, location, rating, text, date, dateFormatted } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-7">
      <StarRating rating={rating} />
      <blockquote className="mt-4 flex-1 text-base leading-relaxed text-bark-900">
        <p>„{text}“</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-cream-200 pt-5">
        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-forest-800 font-serif text-lg font-bold text-ember-300">
          {name.charAt(0)}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-forest-900">{name}</span>
          <span className="block text-sm text-bark-700">
            {location} · <time dateTime={date}>{dateFormatted}</time>
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

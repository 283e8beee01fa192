import React from "react";
import { StarRating } from "./StarRating";
import type { TestimonialData } from "../sections/types";

/** One participant's experience: stars, text, name, place and date. */
export function TestimonialCard({ testimonial }: { testimonial: TestimonialData }) {
  const { name, location, rating, text, date, dateFormatted } = testimonial;
  return (
    <figure className="card flex h-full flex-col p-6 sm:p-7">
      <StarRating rating={rating} />
      <blockquote className="mt-4 flex-1 leading-relaxed">
        <p>„{text}“</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-cream-200 pt-5">
        <span aria-hidden="true" className="icon-disc font-serif text-lg font-bold">
          {name[0]}
        </span>
        <span>
          <span className="block font-semibold text-forest-900">{name}</span>
          <span className="fine-print block">
            {location} · <time dateTime={date}>{dateFormatted}</time>
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

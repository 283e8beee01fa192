import React from "react";
import { SectionHeading } from "./SectionHeading";
import { TestimonialCard } from "../cards/TestimonialCard";
import type { SectionIntroData, TestimonialData } from "./types";

interface TestimonialsSectionProps {
  intro: SectionIntroData;
  testimonials: readonly TestimonialData[];
  /** How the reports are checked (§ 5b Abs. 3 UWG). */
  checkNote: string;
  className?: string;
}

/** A grid of testimonials with the note on how their authenticity is checked. */
export function TestimonialsSection({ intro, testimonials, checkNote, className = "" }: TestimonialsSectionProps) {
  // Four cards sit better in two columns than as three plus one.
  const columns = testimonials.length === 4 ? "md:grid-cols-2" : "md:grid-cols-2 lg:grid-cols-3";
  return (
    <section aria-labelledby="erfahrungen-title" className={`section ${className}`}>
      <div className="container-page">
        <SectionHeading id="erfahrungen-title" {...intro} />
        <ul className={`mt-10 grid gap-6 ${columns}`}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
        <p className="fine-print mt-8 max-w-3xl">{checkNote}</p>
      </div>
    </section>
  );
}

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
  const twoColumns = testimonials.length % 3 !== 0 && testimonials.length % 2 === 0;
  return (
    <section aria-labelledby="erfahrungen-title" className={`py-16 sm:py-24 ${className}`}>
      <div className="container-page">
        <SectionHeading id="erfahrungen-title" kicker={intro.kicker} title={intro.title} intro={intro.intro} />
        <ul className={`mt-10 grid gap-6 md:grid-cols-2 ${twoColumns ? "" : "lg:grid-cols-3"}`}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm leading-relaxed text-bark-700">{checkNote}</p>
      </div>
    </section>
  );
}

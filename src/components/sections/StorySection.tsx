import React from "react";
import { ContentImage } from "./ContentImage";
import { SectionHeading } from "./SectionHeading";
import type { ImageFile } from "./types";

interface StorySectionProps {
  kicker: string;
  title: string;
  paragraphs: readonly string[];
  quote?: string;
  quoteAuthor?: string;
  image?: ImageFile;
  imageAlt?: string;
}

/** The story of a page: text, an optional quote, and an optional picture beside it. */
export function StorySection({ kicker, title, paragraphs, quote, quoteAuthor, image, imageAlt = "" }: StorySectionProps) {
  const hasImage = Boolean(image?.childImageSharp);
  return (
    <section aria-labelledby="geschichte-title" className="py-16 sm:py-24">
      <div className={`container-page grid items-center gap-10 lg:gap-16 ${hasImage ? "lg:grid-cols-2" : ""}`}>
        {hasImage && (
          <div className="overflow-hidden rounded-3xl shadow-lg lg:order-first">
            <ContentImage image={image} alt={imageAlt} />
          </div>
        )}
        <div className={hasImage ? "" : "mx-auto max-w-3xl"}>
          <SectionHeading id="geschichte-title" kicker={kicker} title={title} />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-bark-900">
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {quote && (
            <figure className="mt-8 border-l-4 border-ember-400 pl-5">
              <blockquote className="font-serif text-xl leading-snug text-forest-900">
                <p>„{quote}“</p>
              </blockquote>
              {quoteAuthor && <figcaption className="mt-2 text-sm text-bark-700">{quoteAuthor}</figcaption>}
            </figure>
          )}
        </div>
      </div>
    </section>
  );
}

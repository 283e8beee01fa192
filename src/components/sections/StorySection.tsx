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
  const picture = image?.childImageSharp && image;
  const heading = <SectionHeading id="geschichte-title" kicker={kicker} title={title} />;
  const body = (
    <>
      <div className={`space-y-4 text-lg leading-relaxed ${picture ? "mt-6" : ""}`}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {quote && (
        <figure className="mt-8 border-l-4 border-ember-400 pl-5">
          <blockquote className="font-serif text-xl text-forest-900">
            <p>„{quote}“</p>
          </blockquote>
          <figcaption className="fine-print mt-2">{quoteAuthor}</figcaption>
        </figure>
      )}
    </>
  );
  return (
    <section aria-labelledby="geschichte-title" className="section">
      {picture ? (
        <div className="container-page grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <div className="overflow-hidden rounded-3xl shadow-lg">
            <ContentImage image={picture} alt={imageAlt} />
          </div>
          <div>
            {heading}
            {body}
          </div>
        </div>
      ) : (
        // Without a picture: heading on the left, text on the right, like a magazine spread.
        <div className="container-page grid gap-6 lg:grid-cols-[2fr_3fr] lg:gap-16">
          {heading}
          <div>{body}</div>
        </div>
      )}
    </section>
  );
}

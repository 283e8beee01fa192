import React from "react";

export interface FaqData {
  readonly question: string;
  readonly answer: string;
}

/** Frequently asked questions as native disclosures: keyboard- and screen-reader-friendly without script. */
export function FaqList({ title, faqs }: { title: string; faqs: readonly FaqData[] }) {
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <div className="mt-5 divide-y divide-cream-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200">
        {faqs.map((faq) => (
          <details key={faq.question} className="group" data-testid="faq">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-6 py-5 font-semibold text-forest-900 hover:bg-cream-50 [&::-webkit-details-marker]:hidden">
              <span>{faq.question}</span>
              <span aria-hidden="true" className="mt-0.5 text-2xl leading-none text-ember-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-6 pb-6 leading-relaxed text-bark-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

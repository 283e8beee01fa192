import React from "react";

export type FaqData = Pick<Queries.Faq, "question" | "answer">;

/** Frequently asked questions as native disclosures: keyboard- and screen-reader-friendly without script. */
export function FaqList({ title, faqs }: { title: string; faqs: readonly FaqData[] }) {
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <div className="card mt-5 divide-y divide-cream-200">
        {faqs.map((faq) => (
          <details key={faq.question} className="disclosure">
            <summary className="px-6 py-5 text-forest-900">{faq.question}</summary>
            <p className="muted px-6 pb-6">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

import React, { useEffect } from "react";
import { Link, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { HYDRATE_AT_ONCE } from "../hydration-marks";

export default function NotFoundPage({ location }: PageProps) {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <Layout>
      {/* Runs its scripts once painted: the attempted path goes to the console without an input. */}
      <section className="container-page flex flex-col items-center py-24 text-center" {...HYDRATE_AT_ONCE}>
        <p aria-hidden="true" className="font-serif text-8xl font-bold text-ember-700">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold">
          <span className="sr-only">404 – </span>
          {/* The spec's English heading: screen readers switch to English for it. */}
          <span lang="en">Oops! Page not found</span>
        </h1>
        <p className="mt-4 max-w-md text-lg text-bark-700">
          Diese Seite gibt es leider nicht (mehr). Vielleicht hat sich ein Tippfehler in die Adresse geschlichen.
        </p>
        <Link to="/" className="btn-primary mt-8">
          Zurück zur Startseite
        </Link>
      </section>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Seite nicht gefunden"
    description="Diese Seite gibt es nicht. Zurück zur Startseite von Urkraft."
    pathname={location.pathname}
    noindex
  />
);

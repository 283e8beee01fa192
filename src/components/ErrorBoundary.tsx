import React from "react";
import { withPrefix } from "gatsby";

interface State {
  error: Error | null;
}

/** Catches any render error and shows the app's error screen instead of a blank page. */
export class ErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
        <p className="mt-4 font-mono text-base text-bark-700">{error.message}</p>
        <p className="mt-8">
          <a href={withPrefix("/")} className="btn-primary">
            Zur Startseite
          </a>
        </p>
      </div>
    );
  }
}

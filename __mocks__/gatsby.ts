/**
 * Gatsby in unit tests: the real module, with GraphQL and routing replaced. Components get their data
 * through the typed hooks in src/hooks, which tests feed from the real files in content/.
 */
import React from "react";

const gatsby = jest.requireActual("gatsby");

export const graphql = jest.fn();
export const useStaticQuery = jest.fn();
export const navigate = jest.fn();

export const Link = jest.fn(
  ({
    to,
    activeClassName: _active,
    partiallyActive: _partial,
    ...rest
  }: { to: string; activeClassName?: string; partiallyActive?: boolean } & React.AnchorHTMLAttributes<HTMLAnchorElement>) =>
    React.createElement("a", {
      ...rest,
      href: to,
      // jsdom cannot navigate; the click handlers still run.
      onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
        rest.onClick?.(event);
        event.preventDefault();
      },
    }),
);

module.exports = { ...gatsby, graphql, useStaticQuery, navigate, Link };

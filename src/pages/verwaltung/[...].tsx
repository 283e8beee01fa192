/**
 * The owner area: one client-only page for every path under /verwaltung (served by the server only when
 * OWNER_EMAILS is set). Its code is a chunk of its own, so the public pages load none of it.
 */
import React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { OwnerApp } from "../../owner/OwnerApp";

export default function OwnerAreaPage({ location }: PageProps) {
  return <OwnerApp pathname={location.pathname} />;
}

export const Head: HeadFC = () => (
  <>
    <title>Verwaltung | Urkraft</title>
    <meta name="robots" content="noindex, nofollow" />
  </>
);

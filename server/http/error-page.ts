/**
 * The page a form post without JavaScript gets on bad input or a refused request: German, plain HTML with
 * inline styles only (allowed by the CSP), listing the problems and linking back to the form.
 */
import { ALERT_COLOR, PALETTE } from "../../common/brand";
import { escapeHtml } from "../../common/escape-html";
import { PLAIN_PAGE_STYLE, plainPage } from "./plain-page";

export interface ErrorPage {
  title: string;
  intro: string;
  problems: string[];
  backHref: string;
  backLabel: string;
}

const STYLE = `${PLAIN_PAGE_STYLE}
header{background:${PALETTE["forest-800"]};color:${PALETTE["cream-100"]};padding:1rem 1.5rem;font-weight:700;font-size:1.25rem;letter-spacing:.02em}
header a{color:inherit;text-decoration:none}
.box{background:#fff;border-left:6px solid ${PALETTE["ember-500"]};border-radius:.5rem;padding:1.5rem 1.75rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 .75rem}
ul{padding-left:1.25rem;margin:.75rem 0 1.25rem}
li{margin:.25rem 0;color:${ALERT_COLOR};font-weight:600}
a.back{display:inline-block;background:${PALETTE["forest-800"]};color:#fff;padding:.7rem 1.25rem;border-radius:.4rem;text-decoration:none;font-weight:600}
a.back:focus-visible,a.back:hover{background:${PALETTE["forest-600"]};outline:3px solid ${PALETTE["ember-500"]};outline-offset:2px}`;

export function renderErrorPage(page: ErrorPage): string {
  const problems = page.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("");
  return plainPage({
    title: `${page.title} | Urkraft`,
    noindex: true,
    style: STYLE,
    body: `<header><a href="/">Urkraft</a></header>
<main>
<div class="box" role="alert">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.intro)}</p>
${problems ? `<ul>${problems}</ul>` : ""}
<a class="back" href="${escapeHtml(page.backHref)}">${escapeHtml(page.backLabel)}</a>
</div>
</main>`,
  });
}

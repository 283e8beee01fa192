/**
 * The page a form post without JavaScript gets on bad input or a refused request: German, plain HTML with
 * inline styles only (allowed by the CSP), listing the problems and linking back to the form.
 */
import { escapeHtml } from "../../src/escape-html";
export interface ErrorPage {
  title: string;
  intro: string;
  problems: string[];
  backHref: string;
  backLabel: string;
}

export function renderErrorPage(page: ErrorPage): string {
  const problems = page.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("");
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | Urkraft</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f3ea;color:#1f2a1f;line-height:1.6}
header{background:#1f3a2b;color:#f7f3ea;padding:1rem 1.5rem;font-weight:700;font-size:1.25rem;letter-spacing:.02em}
header a{color:inherit;text-decoration:none}
main{max-width:36rem;margin:2.5rem auto;padding:0 1.25rem}
.box{background:#fff;border-left:6px solid #b4541a;border-radius:.5rem;padding:1.5rem 1.75rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 .75rem}
ul{padding-left:1.25rem;margin:.75rem 0 1.25rem}
li{margin:.25rem 0;color:#8a2a0a;font-weight:600}
a.back{display:inline-block;background:#1f3a2b;color:#fff;padding:.7rem 1.25rem;border-radius:.4rem;text-decoration:none;font-weight:600}
a.back:focus-visible,a.back:hover{background:#2e5740;outline:3px solid #b4541a;outline-offset:2px}
</style>
</head>
<body>
<header><a href="/">Urkraft</a></header>
<main>
<div class="box" role="alert">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.intro)}</p>
${problems ? `<ul>${problems}</ul>` : ""}
<a class="back" href="${escapeHtml(page.backHref)}">${escapeHtml(page.backLabel)}</a>
</div>
</main>
</body>
</html>
`;
}

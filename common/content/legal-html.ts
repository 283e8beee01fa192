/**
 * The legal texts are Markdown without HTML. The content check refuses any HTML tag and any link whose
 * target is not a page of the site, an `https:` address or a `mailto:` address, naming the line; the build
 * renders them with the project's one Markdown reader (common/markdown/render.ts, the mails' and the editor
 * preview's, which passes no HTML through) and then keeps only an allow-list of elements (headings,
 * paragraphs, lists, emphasis, links, line breaks), so a text can never bring a script, a form or a frame
 * onto a page.
 */
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../escape-html";
import { markdownReader, markdownTokens, type Token } from "../markdown/render";
import { LEGAL_ELEMENTS } from "./legal-elements";
import { decideConditions, fillPlaceholders } from "./placeholders";

/** A tag or comment written into the text: `<a href=…>`, `</div>`, `<!-- … -->`; autolinks (`<https://…>`) are not. */
const RAW_HTML = /<\/?[A-Za-z][A-Za-z0-9-]*(?=[\s/>])|<!--|<\?|<!\[CDATA\[|<![A-Za-z]/;
/** `[Text](Ziel)` and `<https://…>`: the link targets of a line. */
const LINK = /\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|<([A-Za-z][A-Za-z0-9+.-]*:[^\s>]*)>/g;
/** A target that stays on the site or opens a mail: a path of the site, an anchor, https or mailto. */
const SAFE_TARGET = /^(\/(?!\/)|#|https:\/\/[^\s/]|mailto:\S)/i;

/** The German problems of one legal text's lines (`first` is the number of its first line in the file). */
export function legalMarkdownProblems(shown: string, body: string, first: number): string[] {
  const problems: string[] = [];
  body.split("\n").forEach((line, index) => {
    const at = `${shown}, Zeile ${first + index}`;
    const tag = RAW_HTML.exec(line);
    if (tag)
      problems.push(
        `${at}: HTML („${tag[0]}…“) ist in Rechtstexten nicht erlaubt; schreib Links als [Linktext](/seite), [Linktext](https://…) oder [Linktext](mailto:…)`,
      );
    for (const match of line.matchAll(LINK)) {
      const target = match[1] ?? match[2] ?? "";
      if (!SAFE_TARGET.test(target))
        problems.push(
          `${at}: Linkziel „${target || "(leer)"}“ geht nicht; erlaubt sind Seiten der Website (/datenschutz), https://-Adressen und mailto:-Adressen`,
        );
    }
  });
  return problems;
}

/**
 * The HTML a legal page shows: the rendered Markdown with the values of content/site.json filled in
 * (escaped), then only the allowed elements, links only with an allowed target and no other attribute.
 * Placeholders in a link target (`mailto:{{email}}`), which Markdown writes percent-encoded, are filled too.
 */
export function legalPageHtml(html: string, site: unknown): string {
  const placeholdersBack = html.replace(/%7B%7B([\w.:]+)%7D%7D/gi, "{{$1}}");
  return sanitizeHtml(fillPlaceholders(placeholdersBack, site, escapeHtml), {
    allowedTags: LEGAL_ELEMENTS,
    allowedAttributes: { a: ["href"] },
    allowedSchemes: ["https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
  });
}

/** The reader with its plain HTML; a line break inside a paragraph stays a line of the HTML, as browsers join it. */
const pageReader = markdownReader();
pageReader.renderer.rules.softbreak = () => "\n";

/**
 * A legal text's Markdown as its page shows it: its conditions decided first (a block may be whole list items),
 * then read, then `legalPageHtml` fills the values into the HTML.
 */
export function legalMarkdownHtml(body: string, site: unknown): string {
  const decided = decideConditions(body, site);
  return legalPageHtml(pageReader.renderer.render(markdownTokens(decided) as Token[], pageReader.options, {}), site);
}

/**
 * The HTML frame every mail shares: a band with the brand, a white card with the text, the footer in
 * smaller print. Table layout and inline styles, because that is what mail clients render reliably.
 */
import { escapeHtml } from "../escape-html";
import { COLORS, FONT, HEADING_FONT } from "./style";

/** The footer is the body's markup in smaller, muted print. */
const BODY_SIZE = /font-size:16px/g;
const BODY_COLOR = new RegExp(`color:${COLORS.text}`, "g");

/** Hidden text a mail program shows beside the subject in its list (a newsletter's preheader). */
function preheaderHtml(text: string | undefined): string {
  if (!text) return "";
  return `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(text)}</div>\n`;
}

export function wrapHtml(parts: { title: string; brand: string; body: string; footer: string; preheader?: string }): string {
  const footer = parts.footer
    ? `<tr><td style="padding:20px 32px 28px 32px;border-top:1px solid ${COLORS.rule};font-size:13px;color:${COLORS.muted}">${parts.footer
        .replace(BODY_SIZE, "font-size:13px")
        .replace(BODY_COLOR, `color:${COLORS.muted}`)}</td></tr>`
    : "";
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page}">
${preheaderHtml(parts.preheader)}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${COLORS.card};border-radius:10px;overflow:hidden;font-family:${FONT}">
<tr><td style="padding:18px 32px;background:${COLORS.band};color:${COLORS.bandText};font-family:${HEADING_FONT};font-size:22px;font-weight:bold;letter-spacing:0.5px">${escapeHtml(parts.brand)}</td></tr>
<tr><td style="padding:28px 32px 12px 32px">
${parts.body}
</td></tr>
${footer}
</table>
</td></tr>
</table>
</body>
</html>
`;
}

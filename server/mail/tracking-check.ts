/**
 * What a mail relay may add unseen: a pixel (an image from its own address, counting opens) and links
 * rewritten to its own address (counting clicks). The privacy texts say we measure neither, so every image
 * and link of a mail as it arrives must point to the site's own origin, or be a mailto: to an address of
 * ours. `leads mail-check` (../cli/mail-check.ts) reads mails with this, in the raw form a mailbox keeps them.
 */

export interface RawPart {
  contentType: string;
  body: string;
}

export interface RawMail {
  headers: Map<string, string>;
  parts: RawPart[];
}

/** RFC 2047 encoded words („=?utf-8?Q?Pr=C3=BCfung?=“) as text. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-Fa-f]{2})/g, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      try {
        return new TextDecoder(charset).decode(bytes);
      } catch {
        return bytes.toString("utf8");
      }
    });
}

/** Header names lower-cased, folded lines joined. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  let bytes: Buffer;
  if (encoding === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r?\n/g, "");
    const out: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(...Buffer.from(joined[i]!, "utf8"));
    }
    bytes = Buffer.from(out);
  } else bytes = Buffer.from(body, "utf8");
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function collectParts(headers: Map<string, string>, body: string, parts: RawPart[]): void {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = parameter(contentType, "boundary");
    if (!boundary) return;
    const sections = body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?$`, "m"));
    // The preamble before the first boundary and the epilogue after the last are no parts.
    for (const section of sections.slice(1, -1)) {
      const part = section.replace(/^\r?\n/, "");
      const split = /\r?\n\r?\n/.exec(part);
      const head = split ? part.slice(0, split.index) : part;
      const rest = split ? part.slice(split.index + split[0].length) : "";
      collectParts(parseHeaders(head), rest, parts);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  parts.push({ contentType: type, body: decodeBody(body, encoding, parameter(contentType, "charset") ?? "utf-8") });
}

/** A mail's raw source (an `.eml` file, „Quelltext anzeigen“ in a mail program): its headers and text parts. */
export function parseRawMail(raw: string): RawMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const headers = parseHeaders(split ? raw.slice(0, split.index) : raw);
  const parts: RawPart[] = [];
  collectParts(headers, split ? raw.slice(split.index + split[0].length) : "", parts);
  return { headers, parts };
}

export interface Reference {
  kind: "Bild" | "Link";
  url: string;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Every image and link of a mail: in its HTML (src, href, background, srcset, CSS url()), its text and its headers. */
export function mailReferences(mail: RawMail): Reference[] {
  const found: Reference[] = [];
  const add = (kind: Reference["kind"], url: string) => {
    const clean = decodeEntities(url.trim());
    if (clean && !found.some((seen) => seen.kind === kind && seen.url === clean)) found.push({ kind, url: clean });
  };
  for (const part of mail.parts) {
    if (part.contentType === "text/html") {
      for (const match of part.body.matchAll(/<img\b[^>]*>/gi)) {
        const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[0]);
        // An image without a source still counts: whatever it loads, the site did not put it there.
        add("Bild", src ? (src[1] ?? src[2] ?? src[3] ?? "") || "(ohne Quelle)" : "(ohne Quelle)");
      }
      for (const match of part.body.matchAll(/\b(src|background|href|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
        const value = match[2] ?? match[3] ?? match[4] ?? "";
        const name = match[1]!.toLowerCase();
        if (name === "srcset") value.split(",").forEach((entry) => add("Bild", entry.trim().split(/\s+/)[0] ?? ""));
        else add(name === "href" ? "Link" : "Bild", value);
      }
      for (const match of part.body.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/gi)) add("Bild", match[1]!);
    } else if (part.contentType === "text/plain") {
      for (const match of part.body.matchAll(/(?:https?:\/\/|mailto:)[^\s<>"')\]]+/gi))
        add("Link", match[0].replace(/[.,;:!?]+$/, ""));
    }
  }
  for (const match of (mail.headers.get("list-unsubscribe") ?? "").matchAll(/<([^>]+)>/g)) add("Link", match[1]!);
  return found;
}

export interface OwnAddresses {
  /** The site's public address (SITE_URL, else siteUrl of site.json). */
  siteUrl: string;
  /** Addresses a mailto: may name: the site's own and the one the mail went to. */
  mailAddresses: readonly string[];
}

/** Whether a reference is the site's own: same origin, or a mailto: to one of our addresses. */
export function isOwnReference(url: string, own: OwnAddresses): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "mailto:") {
    const address = decodeURIComponent(parsed.pathname).toLowerCase();
    return own.mailAddresses.some((mine) => mine.toLowerCase() === address);
  }
  return parsed.origin === new URL(own.siteUrl).origin;
}

/** The images and links of a raw mail that are not the site's own: what a relay's tracking would add. */
export function foreignReferences(raw: string, own: OwnAddresses): Reference[] {
  return mailReferences(parseRawMail(raw)).filter((reference) => !isOwnReference(reference.url, own));
}

/**
 * Everything that ends up in a mail header passes through here. nodemailer encodes names itself; this is
 * the second lock: no line break or control character from a form ever reaches a header line.
 */
const CONTROL = "[\\u0000-\\u001f\\u007f\\u0085\\u2028\\u2029]";
const CONTROL_RUN = new RegExp(`${CONTROL}+`, "g");
const HAS_CONTROL = new RegExp(CONTROL);

const CONTROL_BUT_NEWLINE = "[\\u0000-\\u0009\\u000b-\\u001f\\u007f\\u0085\\u2028\\u2029]";
const CONTROL_EXCEPT_NEWLINE = new RegExp(CONTROL_BUT_NEWLINE, "g");

/** Text that may span lines (a message): line endings unified to \n, every other control character dropped. */
export function multiLine(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_EXCEPT_NEWLINE, "");
}

/** A single header-safe line: control characters and line breaks become one space. */
export function oneLine(value: string): string {
  return value
    .replace(CONTROL_RUN, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** A display name for `To`/`Reply-To`: one line, no characters that end or open an address. */
export function displayName(value: string): string {
  return oneLine(value)
    .replace(/[<>"\\]/g, "")
    .slice(0, 100);
}

/**
 * The form's e-mail rule lets through characters such as `,`, `<` and `;` that an address header reads as
 * structure. Mail goes only to addresses in the common dot-atom form, so one recipient stays one recipient.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uffff-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uffff-]+)*$/;
const DOMAIN = /^([A-Za-z0-9\u0080-\uffff]([A-Za-z0-9\u0080-\uffff-]*[A-Za-z0-9\u0080-\uffff])?\.)+[A-Za-z\u0080-\uffff]{2,}$/;

export function isDeliverableAddress(address: string): boolean {
  if (address.length > 254 || HAS_CONTROL.test(address)) return false;
  const at = address.lastIndexOf("@");
  if (at < 1 || at !== address.indexOf("@")) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return local.length <= 64 && LOCAL.test(local) && DOMAIN.test(domain);
}

/**
 * The owner build's stand-in for linkify-it (scripts/build-owner.ts aliases it): the Markdown reader of
 * common/markdown/render.ts never turns a bare address into a link (`linkify: false`), so the browser need
 * not carry linkify-it's 11 KB. markdown-it only creates the object; should linkify ever be switched on,
 * every use fails loudly here instead of linking differently from the mails.
 */
function switchedOff(): never {
  throw new Error("linkify ist im Markdown-Leser (common/markdown/render.ts) ausgeschaltet.");
}

export class LinkifyIt {
  pretest = switchedOff;
  test = switchedOff;
  match = switchedOff;
  matchAtStart = switchedOff;
}

/**
 * Rules for parts of form controls: a field's placeholder, a file picker's button, a date field's inner
 * parts, a number field's spin buttons, a search field's decoration. Tailwind's base layer writes them for
 * every page; the cut to a page's own rules (page-css.ts) cannot tell that they match nothing, because they
 * name no class. On a page without an `<input>`, `<textarea>` or `<select>` no element has these parts, so
 * the inline copy can leave them out; the whole stylesheet, which still has them, arrives with the scripts.
 */
import postcss from "postcss";

const FORM_CONTROL = /<(input|textarea|select)\b/i;
const CONTROL_PART =
  /::(placeholder|file-selector-button|-webkit-(date-and-time-value|datetime-edit[\w-]*|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration))(?![\w-])/;

/** Whether a selector can only match a part of a form control. */
export function namesOnlyControlParts(selector: string): boolean {
  return CONTROL_PART.test(selector);
}

/** The CSS without rules for parts of form controls when `markup` has none; otherwise unchanged. */
export function dropFormControlRules(css: string, markup: string): string {
  if (FORM_CONTROL.test(markup)) return css;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !namesOnlyControlParts(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

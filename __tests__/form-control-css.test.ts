/** A page without form controls carries no inline rules for their parts (gatsby/form-control-css.ts). */
import { dropFormControlRules, namesOnlyControlParts } from "../gatsby/form-control-css";

const CSS = [
  "::placeholder{opacity:1}",
  "@supports (not (-webkit-appearance:-apple-pay-button)) or (contain-intrinsic-size:1px){::placeholder{color:currentColor}}",
  "::file-selector-button{margin-inline-end:4px}",
  "::-webkit-date-and-time-value{min-height:1lh}",
  "::-webkit-datetime-edit-day-field,::-webkit-datetime-edit-month-field{padding-block:0}",
  "::-webkit-inner-spin-button,::-webkit-outer-spin-button{height:auto}",
  "button,::file-selector-button{appearance:button}",
  "::-webkit-scrollbar{width:8px}",
  "summary::-webkit-details-marker{display:none}",
  "p{margin:0}",
].join("");

describe("dropFormControlRules", () => {
  it("leaves out the rules for parts of form controls on a page without any", () => {
    const css = dropFormControlRules(CSS, "<main><p>Datenschutz</p></main>");
    expect(css).not.toContain("placeholder");
    expect(css).not.toContain("file-selector-button");
    expect(css).not.toContain("datetime");
    expect(css).not.toContain("spin-button");
    expect(css).not.toContain("@supports");
    // A selector list keeps what can match something else.
    expect(css).toContain("button{appearance:button}");
    // Parts of other elements stay.
    expect(css).toContain("::-webkit-scrollbar{width:8px}");
    expect(css).toContain("summary::-webkit-details-marker{display:none}");
    expect(css).toContain("p{margin:0}");
  });

  it.each(["<input name=email>", "<textarea></textarea>", "<SELECT></SELECT>"])(
    "keeps every rule on a page with %s",
    (control) => {
      expect(dropFormControlRules(CSS, `<form>${control}</form>`)).toBe(CSS);
    },
  );

  it("tells a control's part from other pseudo-elements", () => {
    expect(namesOnlyControlParts("::-webkit-datetime-edit-year-field")).toBe(true);
    expect(namesOnlyControlParts("input::placeholder")).toBe(true);
    expect(namesOnlyControlParts("::-webkit-scrollbar")).toBe(false);
    expect(namesOnlyControlParts("::before")).toBe(false);
  });
});

import { fieldId, valuesOnScreen } from "../../src/forms/values-on-screen";

describe("valuesOnScreen", () => {
  afterEach(() => (document.body.innerHTML = ""));

  it("reads what the form's controls hold now, found by their ids", () => {
    document.body.innerHTML = `<form><input id="${fieldId("contact", "name")}"><textarea id="${fieldId("contact", "message")}"></textarea></form>`;
    (document.getElementById("contact-name") as HTMLInputElement).value = "Jörg – 💪";
    (document.getElementById("contact-message") as HTMLTextAreaElement).value = "Guten Tag,\nich hätte eine Frage";
    expect(valuesOnScreen("contact", { name: "", message: "", website: "" })).toEqual({
      name: "Jörg – 💪",
      message: "Guten Tag,\nich hätte eine Frage",
      website: "",
    });
  });

  it("keeps a default where the control is missing or of another form", () => {
    document.body.innerHTML = `<input id="${fieldId("lead", "name")}" value="Markus">`;
    expect(valuesOnScreen("contact", { name: "Vorgabe" })).toEqual({ name: "Vorgabe" });
  });

  it("gives the defaults without a document, as on the server", () => {
    document.body.innerHTML = `<input id="${fieldId("lead", "name")}" value="Markus">`;
    expect(valuesOnScreen("lead", { name: "", email: "" }, null)).toEqual({ name: "", email: "" });
  });
});

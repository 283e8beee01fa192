/**
 * A change field by field, as the owner reads a proposal: picture fields carry their pictures (paths under
 * content/), whether the field itself changed or an entry holding one came or went whole.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { FIELD_KIND_KEYWORD } from "../../common/content/field-kinds";
import { fieldChanges } from "./field-changes";

const picture = { type: "string", title: "Bild", [FIELD_KIND_KEYWORD]: "picture" };
const recipes = {
  type: "array",
  items: {
    type: "object",
    properties: {
      title: { type: "string", title: "Titel" },
      image: picture,
      vegan: { type: "string", title: "Ist es vegan?", "x-labels": { ja: "Ja", nein: "Nein" } },
    },
  },
};
const page = { type: "object", properties: { hero: { type: "object", properties: { image: picture } } } };

test("a changed picture field names both pictures, a page's path as one under content/", () => {
  const [change] = fieldChanges(page, { hero: { image: "../images/alt.jpg" } }, { hero: { image: "../images/neu.jpg" } });
  assert.deepEqual(change!.pictures, { before: "images/alt.jpg", after: "images/neu.jpg" });
});

test("an entry added whole names the picture it holds; a text field names none", () => {
  const before = [{ title: "Haferbrei", image: "images/haferbrei.jpg" }];
  const after = [
    { title: "Porridge", image: "images/haferbrei.jpg" },
    { title: "Brot", image: "images/brot.jpg" },
  ];
  const changes = fieldChanges(recipes, before, after);
  assert.deepEqual(
    changes.map((change) => [change.field, change.pictures]),
    [
      ["Eintrag 1 (Haferbrei) › Titel", undefined],
      ["Eintrag 2 (Brot)", { before: undefined, after: "images/brot.jpg" }],
    ],
  );
});

test("an entry added whole reads with the form's names of its fields and choices, not the file's keys", () => {
  const [added] = fieldChanges(recipes, [], [{ title: "Brot", image: "images/brot.jpg", vegan: "ja" }]);
  assert.equal(added!.after, "Titel: Brot\nBild: images/brot.jpg\nIst es vegan? Ja");
});

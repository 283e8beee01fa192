/**
 * The statistics of an experiment: the Wilson interval against known values, and a simulated run with known
 * rates (4 % of the original's and 7 % of the variant's views end in a confirmed sign-up) whose counts give
 * the better variant a probability above 95 % of beating the original, while equal rates give about a half.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { earlyWarning, probabilityToBeat, variantResults, wilsonInterval } from "./statistics";

/** Views of a simulated run: each converts with `rate`, drawn from a fixed seed. */
function simulate(views: number, rate: number, seed: number): number {
  let state = seed;
  let conversions = 0;
  for (let view = 0; view < views; view++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    if (state / 2 ** 32 < rate) conversions += 1;
  }
  return conversions;
}

describe("experiment statistics", () => {
  it("gives the 95 % Wilson interval", () => {
    const { low, high } = wilsonInterval(40, 1000);
    assert.ok(Math.abs(low - 0.02952) < 0.0001, String(low));
    assert.ok(Math.abs(high - 0.05405) < 0.0001, String(high));
    assert.deepEqual(wilsonInterval(0, 0), { low: 0, high: 1 });
  });

  it("shows a probability above 95 % for the better variant of a run with 4 % against 7 %", () => {
    const views = 1500;
    const original = { variant: "A", views, leads: 0, contacts: 0, confirmed: simulate(views, 0.04, 11) };
    const better = { variant: "B", views, leads: 0, contacts: 0, confirmed: simulate(views, 0.07, 23) };
    const [a, b] = variantResults([original, better]);
    console.log(
      `simulated: A ${a!.confirmed}/${views} (${(a!.rate * 100).toFixed(2)} %, ${(a!.interval.low * 100).toFixed(2)}–${(a!.interval.high * 100).toFixed(2)} %), ` +
        `B ${b!.confirmed}/${views} (${(b!.rate * 100).toFixed(2)} %, ${(b!.interval.low * 100).toFixed(2)}–${(b!.interval.high * 100).toFixed(2)} %), ` +
        `P(B schlägt A) = ${(b!.beatsOriginal! * 100).toFixed(2)} %`,
    );
    assert.ok(b!.beatsOriginal! > 0.95, String(b!.beatsOriginal));
    assert.equal(a!.beatsOriginal, undefined);
    // The same counts always give the same figure (a fixed seed); equal rates give about a half.
    assert.equal(
      probabilityToBeat({ conversions: 90, views }, { conversions: 60, views }),
      probabilityToBeat({ conversions: 90, views }, { conversions: 60, views }),
    );
    const even = probabilityToBeat({ conversions: 60, views }, { conversions: 60, views });
    assert.ok(Math.abs(even - 0.5) < 0.02, String(even));
  });

  it("warns in plain German while a variant has fewer than 100 conversions or the run is shorter than 7 days", () => {
    const results = variantResults([
      { variant: "A", views: 3000, leads: 0, contacts: 0, confirmed: 120 },
      { variant: "B", views: 3000, leads: 0, contacts: 0, confirmed: 95 },
    ]);
    assert.equal(
      earlyWarning(results, 3),
      "Noch zu früh für eine Entscheidung: eine Variante hat erst 95 bestätigte Anmeldungen (verlässlich wird es ab etwa 100 je Variante) und das Experiment läuft erst 3 Tage (mindestens 7, damit jeder Wochentag dabei ist). Die Zahlen können sich noch deutlich ändern.",
    );
    const enough = variantResults([
      { variant: "A", views: 3000, leads: 0, contacts: 0, confirmed: 120 },
      { variant: "B", views: 3000, leads: 0, contacts: 0, confirmed: 150 },
    ]);
    assert.equal(earlyWarning(enough, 8), undefined);
  });
});

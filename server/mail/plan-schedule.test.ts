/** Due times of the plan mails across the switches to and from summer time, without a server. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { planMailTimes, zonedInstant } from "./plan-schedule";

const BERLIN = "Europe/Berlin";
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("plan mail times", () => {
  test("confirmed the evening before the switch to summer time: 07:30 local on each of the next seven days", () => {
    const times = planMailTimes(new Date("2027-03-27T20:00:00Z"), "07:30", BERLIN, 7);
    assert.deepEqual(iso(times), [
      "2027-03-28T05:30:00.000Z",
      "2027-03-29T05:30:00.000Z",
      "2027-03-30T05:30:00.000Z",
      "2027-03-31T05:30:00.000Z",
      "2027-04-01T05:30:00.000Z",
      "2027-04-02T05:30:00.000Z",
      "2027-04-03T05:30:00.000Z",
    ]);
  });

  test("confirmed the evening before the switch back: the first mail an hour later in UTC", () => {
    for (const [confirmed, first] of [
      ["2026-10-24T19:00:00Z", "2026-10-25T06:30:00.000Z"],
      ["2027-10-30T19:00:00Z", "2027-10-31T06:30:00.000Z"],
    ] as const) {
      const times = planMailTimes(new Date(confirmed), "07:30", BERLIN, 7);
      assert.equal(times[0]!.toISOString(), first);
      assert.ok(times.every((time, index) => index === 0 || time.getTime() - times[index - 1]!.getTime() === 86_400_000));
    }
  });

  test("a summer evening before the switch back keeps 07:30 on both sides", () => {
    const times = planMailTimes(new Date("2027-10-28T18:00:00Z"), "07:30", BERLIN, 7);
    assert.deepEqual(iso(times).slice(0, 4), [
      "2027-10-29T05:30:00.000Z",
      "2027-10-30T05:30:00.000Z",
      "2027-10-31T06:30:00.000Z",
      "2027-11-01T06:30:00.000Z",
    ]);
  });

  test("confirmed before 07:30 local: the first mail still comes the next morning", () => {
    // 06:00 in Berlin (05:00 UTC, winter time): not today at 07:30, but tomorrow.
    const [first] = planMailTimes(new Date("2027-01-15T05:00:00Z"), "07:30", BERLIN, 1);
    assert.equal(first!.toISOString(), "2027-01-16T06:30:00.000Z");
  });

  test("the local date decides: 23:30 UTC on 31 December is already 1 January in Berlin", () => {
    const [first] = planMailTimes(new Date("2026-12-31T23:30:00Z"), "07:30", BERLIN, 1);
    assert.equal(first!.toISOString(), "2027-01-02T06:30:00.000Z");
  });

  test("other zones and times, and month ends", () => {
    const times = planMailTimes(new Date("2027-02-27T12:00:00Z"), "18:05", "America/New_York", 3);
    assert.deepEqual(iso(times), ["2027-02-28T23:05:00.000Z", "2027-03-01T23:05:00.000Z", "2027-03-02T23:05:00.000Z"]);
  });

  test("a wall time skipped by the switch moves behind the gap; a repeated one takes its first occurrence", () => {
    assert.equal(zonedInstant({ year: 2027, month: 3, day: 28 }, 2, 30, BERLIN).toISOString(), "2027-03-28T01:30:00.000Z");
    assert.equal(zonedInstant({ year: 2026, month: 10, day: 25 }, 2, 30, BERLIN).toISOString(), "2026-10-25T00:30:00.000Z");
  });
});

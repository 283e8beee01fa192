/** @jest-environment node */
/** When something happened, as the owner's mails say it: German, in the site's time zone. */
import { formatGermanDateTime } from "../common/german-time";

describe("formatGermanDateTime", () => {
  it("writes day, month, year and the time in Berlin, with a no-break space before „Uhr“", () => {
    expect(formatGermanDateTime(new Date("2026-11-27T02:14:00Z"))).toBe("27.11.2026 um 03:14\u00a0Uhr");
  });

  it("follows summer time and writes midnight as 00", () => {
    expect(formatGermanDateTime(new Date("2026-07-01T22:05:00Z"))).toBe("02.07.2026 um 00:05\u00a0Uhr");
  });

  it("uses the time zone it is given", () => {
    expect(formatGermanDateTime(new Date("2026-11-27T02:14:00Z"), "UTC")).toBe("27.11.2026 um 02:14\u00a0Uhr");
  });
});

/**
 * A reporter for node's test runner (`--test-reporter`): how long each test file took, from its process's
 * start to its end, as JSON ({ file, seconds }[]) once the run is over. scripts/test-server.ts orders the
 * next run by it and prints the slowest files. An ES module by its name (.mts), so node loads it without a
 * warning.
 */
import path from "node:path";
import type { TestEvent } from "node:test/reporters";

export default async function* fileTimes(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const times: { file: string; seconds: number }[] = [];
  for await (const event of source) {
    if (event.type !== "test:complete") continue;
    const { file, name, nesting, details } = event.data;
    // The whole file is reported as one test named as the file was given, around the tests inside it.
    if (file && nesting === 0 && path.resolve(name) === file) {
      times.push({ file: path.relative(process.cwd(), file), seconds: details.duration_ms / 1000 });
    }
  }
  yield `${JSON.stringify(times, null, 1)}\n`;
}

/**
 * Loaded into the server with `--import` when BENCH_MEMORY_PROBE=1: samples process.memoryUsage() four
 * times a second and, on exit, writes each field's peak and the values at the moment of the RSS peak to
 * BENCH_MEMORY_FILE, so the bench can say where the resident memory goes (V8 heap, external, array buffers;
 * the rest of RSS is code, native allocations and WebAssembly memory such as PGlite's).
 */
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_MEMORY_FILE;
const peaks = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
let atRssPeak = { ...peaks };

const sample = () => {
  const usage = process.memoryUsage();
  for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
  if (usage.rss >= atRssPeak.rss)
    atRssPeak = {
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
    };
};
setInterval(sample, 250).unref();
process.on("exit", () => {
  sample();
  if (file) writeFileSync(file, JSON.stringify({ peaks, atRssPeak }));
});

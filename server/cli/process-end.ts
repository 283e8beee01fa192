/**
 * How a command-line process ends. Node writes to a pipe asynchronously, so `process.exit` right after the last
 * line would drop whatever the reader has not taken yet (`leads list | grep …` printed 200 KB of 4.8 MB): the
 * process ends only once standard output and standard error have delivered everything. A reader that leaves
 * early (`| head`) is no failure: the rest of the output is dropped, the command finishes its work and the
 * process ends with its own exit code, without a stack trace.
 */

const STREAMS = [process.stdout, process.stderr];

/** Error codes of a write to a pipe whose reader has gone. */
const READER_GONE = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);

let installed = false;

/** Call once at the start: a closed pipe stops the output, not the command. */
export function dropOutputWhenReaderLeaves(): void {
  if (installed) return;
  installed = true;
  for (const stream of STREAMS) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && READER_GONE.has(error.code)) return;
      throw error;
    });
  }
}

/** Resolves once everything written to `stream` so far has been handed to the system (or the reader is gone). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableLength === 0) {
      resolve();
      return;
    }
    // Writes complete in order: the callback of an empty write comes after all earlier ones.
    stream.write("", () => resolve());
  });
}

/** Ends the process with `code` once standard output and standard error are delivered. */
export async function endProcess(code: number): Promise<never> {
  await Promise.all(STREAMS.map(flushed));
  process.exit(code);
}

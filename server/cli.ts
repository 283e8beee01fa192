/** The site owner's command line: `npm run leads -- list | export --csv | show <email> | unsubscribe <email> | erase <email> | purge | backup` (see cli/commands.ts). */
import { runCli } from "./cli/run";
import { dropOutputWhenReaderLeaves, endProcess } from "./cli/process-end";

dropOutputWhenReaderLeaves();
runCli(process.argv.slice(2)).then(endProcess, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return endProcess(1);
});

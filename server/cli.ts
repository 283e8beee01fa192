/** The site owner's command line: `npm run leads -- list | export --csv | show <email> | erase <email> | purge | backup` (see cli/commands.ts). */
import { runCli } from "./cli/run";

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

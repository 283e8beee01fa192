/**
 * Every subcommand of `npm run leads`, in the order the help lists them. A new one is a file in this
 * folder exporting a `Command`, plus one line here.
 */
import { backupCommand } from "./backup";
import type { Command } from "./command";
import { eraseCommand } from "./erase";
import { restoreCheckCommand } from "./restore-check";
import { exportCommand } from "./export";
import { listCommand } from "./list";
import { loginLinkCommand } from "./login-link";
import { mailCheckCommand } from "./mail-check";
import { newsletterCommand } from "./newsletter";
import { purgeCommand } from "./purge";
import { showCommand } from "./show";
import { statsCommand } from "./stats";
import { unsubscribeCommand } from "./unsubscribe";
import { withdrawTestimonialCommand } from "./withdraw-testimonial";

export const COMMANDS: readonly Command[] = [
  listCommand,
  exportCommand,
  showCommand,
  unsubscribeCommand,
  eraseCommand,
  restoreCheckCommand,
  purgeCommand,
  statsCommand,
  backupCommand,
  loginLinkCommand,
  newsletterCommand,
  mailCheckCommand,
  withdrawTestimonialCommand,
];

/**
 * The 7-day movement plan by e-mail: queued in the confirmation's transaction, one mail per day at
 * `planMailTime` (local time in `timeZone`), each with its due time in the outbox. The mails are composed
 * now, like every other mail, so the worker only sends what the outbox holds: a restart neither skips
 * nor repeats one, an unsubscribe cancels those not yet sent, and an erase deletes them with the rest.
 */
import type { Queryable } from "../db/types";
import { pageLinks, type MailContext } from "./context";
import { enqueueMail } from "./outbox";
import { planMailContent } from "./plan-content";
import { planMailTimes } from "./plan-schedule";
import type { Values } from "../../common/mail/markdown";

export interface PlanRecipient {
  id: number;
  email: string;
  name: string;
}

/** The placeholders of the plan mail of day `day` (1-based). */
export function planMailValues(context: MailContext, name: string, day: number): Values {
  const { day: today, recipe, principle, next } = planMailContent(context.plan, day);
  return {
    name,
    day: String(today.day),
    days: String(context.plan.days.length),
    activity: today.activity,
    duration: String(today.duration),
    benefit: today.benefit,
    recipeTitle: recipe.title,
    recipeTime: String(recipe.time),
    recipeServings: String(recipe.servings),
    recipeIngredients: recipe.ingredients.join(", "),
    recipeSteps: recipe.steps.map((step, index) => `${index + 1}. ${step}`).join("\n"),
    // Five principles, seven days: from day 6 on a principle comes round again, and the heading says so.
    principleHeading: day > context.plan.principles.length ? "Noch einmal zur Erinnerung" : "Grundsatz des Tages",
    principleTitle: principle.title,
    principleText: principle.description,
    ...pageLinks(context),
    ...(next ? { nextActivity: next.activity } : {}),
  };
}

/** Queues the plan mails of a lead confirmed at `confirmedAt`, each due on its morning. */
export async function schedulePlanMails(
  tx: Queryable,
  context: MailContext,
  lead: PlanRecipient,
  unsubscribeToken: string,
  confirmedAt: Date,
): Promise<void> {
  const { planMailTime, timeZone } = context.site;
  const times = planMailTimes(confirmedAt, planMailTime, timeZone, context.plan.days.length);
  for (const [index, dueAt] of times.entries()) {
    const day = index + 1;
    await enqueueMail(tx, context, {
      kind: day < times.length ? "lead-plan-day" : "lead-plan-final",
      to: { name: lead.name, address: lead.email },
      personEmail: lead.email,
      leadId: lead.id,
      unsubscribeToken,
      dueAt,
      values: planMailValues(context, lead.name, day),
    });
  }
}

/**
 * What the seven daily plan mails are made of, read once at start from the same files the pages show:
 * the day of content/movement-plan.json, one recipe of content/recipes.json (the dishes, one per day; the
 * drink is the nutrition page's) and one principle of content/principles.json (taken in turn).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DRINK_CATEGORY } from "../../common/content/content-schema";
import { ContentError, listFileProblems } from "../../common/content/read-content";

export interface PlanDay {
  day: number;
  activity: string;
  duration: number;
  benefit: string;
}

export interface PlanRecipe {
  title: string;
  category: string;
  servings: number;
  time: number;
  ingredients: string[];
  steps: string[];
}

export interface PlanPrinciple {
  title: string;
  description: string;
}

export interface PlanContent {
  days: PlanDay[];
  recipes: PlanRecipe[];
  principles: PlanPrinciple[];
}

/** The mail of one day: its activity, a recipe and a principle. */
export interface PlanMailContent {
  day: PlanDay;
  recipe: PlanRecipe;
  principle: PlanPrinciple;
  /** Tomorrow's activity; none on the last day. */
  next?: PlanDay;
}

function read<T>(contentDir: string, file: string): T {
  return JSON.parse(readFileSync(path.join(contentDir, file), "utf8")) as T;
}

export function readPlanContent(contentDir: string): PlanContent {
  // The same check as the build: a broken list stops the start instead of a mail on day 5.
  const problems = listFileProblems(contentDir);
  if (problems.length > 0) throw new ContentError(problems);
  return {
    days: read<PlanDay[]>(contentDir, "movement-plan.json"),
    recipes: read<PlanRecipe[]>(contentDir, "recipes.json").filter((recipe) => recipe.category !== DRINK_CATEGORY),
    principles: read<PlanPrinciple[]>(contentDir, "principles.json"),
  };
}

/** Day `day` (1-based) of the plan; recipes and principles repeat from the start if there are fewer. */
export function planMailContent(plan: PlanContent, day: number): PlanMailContent {
  const at = <T>(list: T[]) => list[(day - 1) % list.length]!;
  return { day: plan.days[day - 1]!, recipe: at(plan.recipes), principle: at(plan.principles), next: plan.days[day] };
}

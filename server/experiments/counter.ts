/**
 * Counts in memory what store.ts adds to experiment_counts every minute: per day, experiment and variant the
 * views of people taking part, their sign-ups and contact requests. Bounded by the experiments running (at
 * most one per page) and three variants each.
 */
import type { FormKind } from "../analytics/counter";

export interface ExperimentCount {
  day: string;
  experiment: string;
  variant: string;
  views: number;
  leads: number;
  contacts: number;
}

const SEPARATOR = "\u0000";

export class ExperimentCounter {
  private counts = new Map<string, ExperimentCount>();

  constructor(private readonly today: () => string) {}

  view(experiment: string, variant: string): void {
    this.count(experiment, variant).views += 1;
  }

  post(kind: FormKind, experiment: string, variant: string): void {
    const count = this.count(experiment, variant);
    if (kind === "lead") count.leads += 1;
    else count.contacts += 1;
  }

  take(): ExperimentCount[] {
    const batch = [...this.counts.values()];
    this.counts = new Map();
    return batch;
  }

  restore(batch: readonly ExperimentCount[]): void {
    for (const count of batch) {
      const kept = this.count(count.experiment, count.variant, count.day);
      kept.views += count.views;
      kept.leads += count.leads;
      kept.contacts += count.contacts;
    }
  }

  private count(experiment: string, variant: string, day = this.today()): ExperimentCount {
    const key = day + SEPARATOR + experiment + SEPARATOR + variant;
    let count = this.counts.get(key);
    if (!count) {
      count = { day, experiment, variant, views: 0, leads: 0, contacts: 0 };
      this.counts.set(key, count);
    }
    return count;
  }
}

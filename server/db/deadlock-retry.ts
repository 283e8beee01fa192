/**
 * PostgreSQL ends one of two transactions that wait for each other's rows ("deadlock detected", 40P01) and
 * rolls it back entirely. For work that only touches the database, running it again is the remedy: the other
 * transaction has gone on meanwhile. PGlite runs one transaction at a time and never reports it.
 */
const DEADLOCK = "40P01";

export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= attempts) throw error;
    }
  }
}

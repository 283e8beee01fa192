/**
 * Load with autocannon: `GET /` as a browser asks for it, and `POST /api/leads` and `POST /api/contact`
 * with a new e-mail address per request. Every address and its answer are recorded, so the stored leads
 * and contact requests can be checked one by one against the 202 answers afterwards.
 */
import autocannon from "autocannon";

export interface LoadFigures {
  scenario: string;
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** A reference run, not a goal: the rate the server reaches without the database (loadRefusedLeads). */
  ceiling?: boolean;
  /**
   * CPU time the server process used during the run, per request answered, in microseconds: the HTTP
   * request, the form's own work, the database driver (with PGlite the database itself) and whatever the
   * mail worker sent meanwhile.
   */
  serverCpuUsPerRequest?: number;
}

export interface LeadTrace {
  /** Every address sent, in order. */
  sent: string[];
  /** The answer's status per address; addresses without an answer were cut off when the run stopped. */
  answers: Map<string, number>;
}

function figures(scenario: string, connections: number, result: autocannon.Result): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (stats as { count: number }).count;
  return {
    scenario,
    connections,
    durationS: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

export async function loadHome(baseUrl: string, connections: number, durationS: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${baseUrl}/`,
    connections,
    duration: durationS,
    headers: { accept: "text/html", "accept-encoding": "br, gzip" },
  });
  return figures("GET /", connections, result);
}

interface FormContext {
  email?: string;
}

/** The two forms: where they post and what a filled-in form sends for a new address. */
export const FORMS = {
  leads: { path: "/api/leads", body: (email: string) => ({ name: "Lasttest", email }) },
  contact: {
    path: "/api/contact",
    body: (email: string) => ({ name: "Lasttest", email, message: "Eine Frage aus dem Lasttest: Wann habt ihr geöffnet?" }),
  },
} as const;

export type FormName = keyof typeof FORMS;

/** Posts the form with a new address per request and records each address with its answer. */
export async function loadForm(
  form: FormName,
  baseUrl: string,
  connections: number,
  durationS: number,
  emailPrefix: string,
): Promise<{ figures: LoadFigures; trace: LeadTrace }> {
  const trace: LeadTrace = { sent: [], answers: new Map() };
  const { path, body } = FORMS[form];
  let counter = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    requests: [
      {
        method: "POST",
        path,
        // From the site's own origin, as a browser posts: a post without it is stored as spam and mails nobody.
        headers: { "content-type": "application/json", accept: "application/json", origin: new URL(baseUrl).origin },
        // One request at a time per connection, so each answer belongs to the address in `context`.
        setupRequest: (request, context: FormContext) => {
          const email = `${emailPrefix}${++counter}@example.org`;
          context.email = email;
          trace.sent.push(email);
          return { ...request, body: JSON.stringify(body(email)) };
        },
        onResponse: (status, _body, context: FormContext) => {
          if (context.email) trace.answers.set(context.email, status);
        },
      },
    ],
  });
  return { figures: figures(`POST ${path}`, connections, result), trace };
}

/**
 * `POST /api/leads` with a value the server refuses (400 and the German field error): everything a lead
 * costs the server except the database (the HTTP request, the body's parsing, the validation, the
 * answer). Its rate is as far as `POST /api/leads` can go on this machine, whatever the database does.
 */
export async function loadRefusedLeads(baseUrl: string, connections: number, durationS: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${baseUrl}${FORMS.leads.path}`,
    method: "POST",
    connections,
    duration: durationS,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name: "Lasttest", email: "keine-adresse" }),
  });
  return { ...figures(`POST ${FORMS.leads.path}, abgewiesen (ohne DB)`, connections, result), ceiling: true };
}

export function loadLeads(
  baseUrl: string,
  connections: number,
  durationS: number,
  emailPrefix: string,
): Promise<{ figures: LoadFigures; trace: LeadTrace }> {
  return loadForm("leads", baseUrl, connections, durationS, emailPrefix);
}

export interface LeadCheck {
  accepted: number;
  stored: number;
  /** Stored leads whose request was cut off by the end of the run before its answer arrived. */
  storedWithoutAnswer: number;
  /** 202 answers without a stored lead: lost submissions. */
  lost: string[];
  /** Stored leads that were answered with anything but 202, or were never sent. */
  unexpected: string[];
  ok: boolean;
}

/**
 * Every 202 must have its lead, and every stored lead must be one that was answered 202 or was still
 * open when the run stopped (the server may finish it after the client has gone).
 */
export function checkLeads(trace: LeadTrace, storedEmails: readonly string[]): LeadCheck {
  const stored = new Set(storedEmails);
  const sent = new Set(trace.sent);
  const acceptedEmails = [...trace.answers].filter(([, status]) => status === 202).map(([email]) => email);
  const lost = acceptedEmails.filter((email) => !stored.has(email));
  const unexpected = [...stored].filter(
    (email) => !sent.has(email) || (trace.answers.has(email) && trace.answers.get(email) !== 202),
  );
  const storedWithoutAnswer = [...stored].filter((email) => sent.has(email) && !trace.answers.has(email)).length;
  return {
    accepted: acceptedEmails.length,
    stored: stored.size,
    storedWithoutAnswer,
    lost,
    unexpected,
    ok: lost.length === 0 && unexpected.length === 0,
  };
}

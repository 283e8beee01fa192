/**
 * The record behind a survey figure as the pages show it beside the figure's basis: "Befragung vom
 * 1. Juli bis 30. September 2026: 1.240 Antworten von 3.100 Befragten (Rücklauf 40 %)." Nothing while
 * the owner has not filled it in (a production start refuses that, see evidence.ts).
 */
export interface ShownEvidence {
  surveyFrom: string;
  surveyTo: string;
  asked: string;
  answers: string;
}

const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const count = (value: string) => Number(value).toLocaleString("de-DE");

export function evidenceText(evidence: ShownEvidence | null | undefined): string {
  if (!evidence || !evidence.surveyFrom || !evidence.surveyTo || !evidence.asked || !evidence.answers) return "";
  const asked = Number(evidence.asked);
  const share = asked > 0 ? Math.round((Number(evidence.answers) / asked) * 100) : 0;
  return (
    `Befragung vom ${day(evidence.surveyFrom)} bis ${day(evidence.surveyTo)}: ` +
    `${count(evidence.answers)} Antworten von ${count(evidence.asked)} Befragten (Rücklauf ${share}\u00a0%).`
  );
}

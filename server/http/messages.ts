/** German texts of the server's own answers; field messages come from common/forms/schemas.ts. */
export const HTTP_MESSAGES = {
  badRequest: "Deine Anfrage konnte nicht gelesen werden. Bitte lade die Seite neu und versuche es noch einmal.",
  foreignOrigin: "Formulare von anderen Websites nehmen wir nicht an. Bitte nutze das Formular auf unserer Seite.",
  notFound: "Diese Adresse gibt es bei uns nicht.",
  badUrl: "Diese Adresse enthält ungültige Zeichen. Bitte prüfe die Adresse oder geh zur Startseite.",
  headersTooLarge:
    "Diese Anfrage ist zu lang: Adresse oder Kopfzeilen überschreiten die erlaubte Größe. Bitte prüfe die Adresse.",
  requestTimeout: "Die Anfrage hat zu lange gedauert. Bitte versuche es noch einmal.",
  tooLarge: "Deine Anfrage ist zu groß (höchstens 16\u00a0KB). Bitte kürze deine Eingaben.",
  unsupportedType: "Dieses Format nehmen wir nicht an. Bitte sende das Formular über unsere Website.",
  serverError: "Da ist bei uns leider etwas schiefgelaufen. Bitte versuche es in ein paar Minuten noch einmal.",
} as const;

/** The 429 message, telling how long to wait (rounded up to whole seconds or minutes). */
export function tooManyRequestsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 90 ? `${seconds} ${seconds === 1 ? "Sekunde" : "Sekunden"}` : `${Math.ceil(seconds / 60)} Minuten`;
  return `Zu viele Anfragen in kurzer Zeit. Bitte warte ${wait} und versuche es dann noch einmal.`;
}

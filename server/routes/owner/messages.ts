/** German answers of the owner API. */
import { LOGIN_LINK_MINUTES } from "../../services/owner-login";
import { RECENT_LOGIN_MINUTES } from "../../services/owner-sessions";
import { UNSUBSCRIBE_NOTE_MAX } from "../../../common/owner/limits";

export const OWNER_MESSAGES = {
  badPeriod: "Diesen Zeitraum gibt es nicht: wähle 30 oder 90 Tage.",
  foreignOrigin: "Diese Aktion ist nur aus der Verwaltung dieser Website heraus möglich. Bitte lade die Seite neu.",
  jsonOnly:
    "Diese Aktion nimmt nur Anfragen aus der Verwaltung selbst an, nicht aus einem Formular einer anderen Seite. Bitte lade die Verwaltung neu.",
  ownersOnly:
    "Das gehört nicht zu deinem Bereich: Mit deiner Adresse kannst du die Inhalte der Website bearbeiten, aber keine Anfragen, Anmeldungen oder Einstellungen sehen.",
  loginNeeded: "Bitte melde dich an. Deine Sitzung ist abgelaufen oder wurde beendet.",
  linkSent: `Wenn diese Adresse für die Verwaltung freigeschaltet ist, ist ein Anmeldelink unterwegs. Er gilt ${LOGIN_LINK_MINUTES}\u00a0Minuten. Schau auch im Spam-Ordner nach.`,
  confirmNeeded: `Bitte bestätige deine Anmeldung: Für diese Aktion darf deine Anmeldung höchstens ${RECENT_LOGIN_MINUTES}\u00a0Minuten zurückliegen. Bestätige sie mit deinem Passkey oder mit einem neuen Anmeldelink.`,
  confirmFailed:
    "Die Bestätigung mit dem Passkey hat nicht geklappt. Versuche es noch einmal oder fordere einen neuen Anmeldelink an.",
  emailInvalid: "Bitte gib eine gültige E-Mail-Adresse ein.",
  linkInvalid: "Dieser Anmeldelink ist abgelaufen, wurde schon benutzt oder ist unvollständig. Fordere einfach einen neuen an.",
  passkeyFailed: "Die Anmeldung mit dem Passkey hat nicht geklappt. Versuche es noch einmal oder fordere einen Anmeldelink an.",
  passkeyNotSaved: "Der Passkey konnte nicht gespeichert werden. Bitte versuche es noch einmal.",
  passkeyName: "Bitte gib dem Passkey einen Namen mit höchstens 60 Zeichen, z.\u00a0B. „Laptop Büro“.",
  passkeyMissing: "Diesen Passkey gibt es nicht (mehr).",
  badId: "Diese Nummer ist ungültig.",
  badPasskeyId: "Diese Passkey-Kennung ist ungültig.",
  badDownload: "Ungültige Angabe für den Download. Erlaubt ist nur download=1.",
  badUrl: "Bitte gib die Adresse des Empfängers genau so an, wie sie oben in der Liste steht.",
  notFound: "Diese Adresse gibt es in der Verwaltung nicht.",
  requestMissing: "Diese Anfrage gibt es nicht (mehr).",
  replyEmpty: "Bitte schreibe eine Antwort.",
  contentFile: "Diese Datei gibt es unter „Inhalte“ nicht.",
  contentData: "Die Angaben des Formulars fehlen oder sind unvollständig. Bitte lade die Seite neu.",
  contentMessage: "Bitte beschreibe kurz, was du geändert hast (höchstens 200 Zeichen).",
  contentMessageControl:
    "Bitte beschreibe deine Änderung in einer Zeile, ohne Zeilenumbrüche, Tabulatoren oder andere Steuerzeichen.",
  contentOwnersOnly:
    "Diese Datei ändern nur Inhaber: Von ihr hängen Anmeldungen oder Benachrichtigungen der Verwaltung ab. Bitte wende dich an einen Inhaber.",
  contentUnchanged: "Keine Änderung: Diese Fassung ist schon veröffentlicht.",
  contentTooDeep: "Diese Angaben passen zu keiner Inhaltsdatei: Sie sind viel zu tief verschachtelt. Bitte lade die Seite neu.",
  contentCommit: "Diese Fassung gibt es im Verlauf der Datei nicht.",
  contentImage: "Bitte wähle ein Bild aus (JPEG, PNG, WebP oder AVIF).",
  proposalNote: "Bitte schreib in ein, zwei Sätzen, was geändert werden soll (höchstens 1.000 Zeichen).",
  contentTime: "Bitte gib Tag und Uhrzeit an, zum Beispiel 24.12.2026 um 18:00 Uhr (Zeit in Deutschland).",
  contentTimePast: "Dieser Zeitpunkt ist schon vorbei. Bitte wähle einen Zeitpunkt in der Zukunft.",
  contentWithdrawBefore:
    "Zurücknehmen kannst du eine Änderung erst, nachdem sie live gegangen ist: Bitte wähle einen späteren Zeitpunkt.",
  contentPlanUnknown: "Diese geplante Änderung gibt es nicht (mehr), oder sie ist schon gelaufen.",
  proposalUnknown: "Diesen Vorschlag gibt es nicht (mehr). Vielleicht hat ihn schon jemand freigegeben oder zurückgegeben.",
  proposalMoved:
    "Die Datei wurde seit dem Vorschlag geändert. Gib den Vorschlag zurück, damit die Änderung auf der neuen Fassung noch einmal vorgeschlagen wird.",
  contentImageCredit:
    "Die Angaben zur Herkunft des Bildes sind unvollständig. Bitte lade die Seite neu und versuche es noch einmal.",
  replyTooLong: "Die Antwort ist zu lang (höchstens 5.000 Zeichen).",
  replyUndeliverable:
    "An diese Adresse können wir keine E-Mail schicken. Antworte bitte auf anderem Weg und markiere die Anfrage dann als beantwortet.",
  badFilter: "Unbekannter Filter. Erlaubt sind: offen, beantwortet, alle.",
  badCursor: "Diese Seitenangabe ist ungültig. Bitte beginne wieder auf der ersten Seite.",
  badSearch: "Der Suchbegriff ist zu lang (höchstens 100 Zeichen).",
  eraseMismatch: "Die beiden Adressen stimmen nicht überein. Zur Sicherheit wurde nichts gelöscht.",
  personMissing: "Zu dieser Adresse ist nichts gespeichert.",
  unsubscribeNote: `Die Notiz ist zu lang (höchstens ${UNSUBSCRIBE_NOTE_MAX}\u00a0Zeichen).`,
  leadMissing: "Zu dieser Adresse gibt es keine Anmeldung für unsere E-Mails.",
  deliveryMissing: "Diese Zustellung gibt es nicht (mehr).",
  deliveryQueued: "Diese Zustellung ist schon unterwegs.",
  endpointDisabled: "Der Empfänger hat mit 410 geantwortet und ist deaktiviert. Aktiviere ihn zuerst wieder.",
  endpointRemoved: "Dieser Empfänger ist nicht mehr eingerichtet; dorthin wird nichts mehr gesendet.",
  endpointNotDisabled: "Dieser Empfänger ist nicht deaktiviert.",
  newsletterWhen: "Wann soll er gesendet werden?",
  experimentRebuilding: "Die Website wird jetzt neu gebaut; bis dahin läuft das Experiment weiter.",
  contentRepositoryDown:
    "Das Inhalts-Repository ist gerade nicht erreichbar. Nichts wurde geändert; bitte versuch es gleich noch einmal.",
} as const;

/** The answer to an experiment's id that names none (the id as sent, cut to 40 characters). */
export const experimentMissing = (id: string) => `Ein Experiment „${id.slice(0, 40)}“ gibt es nicht.`;

/**
 * The content check's count above the form: the problems of the file as a whole listed, those of other
 * files with a link to where the person fixes them (the fields' own messages stand at the fields).
 */
import React from "react";
import { Link } from "../router";
import { Alert } from "../ui";
import { ownerContentFilePath } from "../../../common/routes";
import type { CheckAnswer } from "../../../common/owner/responses";

export function ProblemSummary({ check }: { check: CheckAnswer }) {
  const problemCount = check.problems.length + check.otherProblems.length;
  if (problemCount === 0) return null;
  const whole = check.problems.filter((problem) => problem.path.length === 0);
  return (
    <Alert>
      {problemCount === 1 ? "Eine Stelle braucht" : `${problemCount} Stellen brauchen`} noch deine Aufmerksamkeit; sie sind unten
      rot markiert.
      {whole.length > 0 && (
        <ul className="mt-2 list-disc pl-6">
          {whole.map((problem) => (
            <li key={problem.message}>{problem.message}</li>
          ))}
        </ul>
      )}
      {check.otherProblems.length > 0 && (
        <ul className="mt-2 list-disc pl-6">
          {(check.otherPlaces ?? check.otherProblems.map((text) => ({ text, file: undefined }))).map((place) => (
            <li key={place.text}>
              {place.file ? (
                <Link to={ownerContentFilePath(place.file)} className="underline">
                  {place.text}
                </Link>
              ) : (
                place.text
              )}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

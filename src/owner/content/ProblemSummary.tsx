/**
 * The content check's count above the form: every problem of the file listed with its field's name (the fields
 * show theirs too, but a long form hides them), those of other files with a link to where the person fixes them.
 */
import React from "react";
import { Link } from "../router";
import { Alert } from "../ui";
import { ownerContentFilePath } from "../../../common/routes";
import type { CheckAnswer } from "../../../common/owner/responses";

export function ProblemSummary({ check }: { check: CheckAnswer }) {
  const problemCount = check.problems.length + check.otherProblems.length;
  if (problemCount === 0) return null;
  return (
    <Alert>
      {problemCount === 1
        ? "Eine Stelle braucht noch deine Aufmerksamkeit; sie ist unten rot markiert."
        : `${problemCount} Stellen brauchen noch deine Aufmerksamkeit; sie sind unten rot markiert.`}
      {check.problems.length > 0 && (
        <ul className="mt-2 list-disc pl-6">
          {/* Each with the field's name, as the form shows it: where it is, also in a long form. */}
          {check.problems.map((problem) => (
            <li key={`${problem.path.join(".")} ${problem.message}`}>
              {problem.field ? `${problem.field}: ` : ""}
              {problem.message}
            </li>
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

import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks them; react-dom/server (the tests that render the build's HTML and then hydrate it) needs them.
if (typeof globalThis.TextEncoder === "undefined") Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks it too; rjsf copies the form's data with it when a field changes, as the owner area does for lists.
if (typeof globalThis.structuredClone === "undefined")
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T });

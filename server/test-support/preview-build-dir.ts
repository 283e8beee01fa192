/**
 * The folder the tests' preview builds share (Gatsby's cache kept there between builds and runs), one per
 * checkout and apart from the folder a developer's own previews use. The server tests build previews in it
 * first (server/release/preview.test.ts), so the browser tests' previews, built later in the same run, find
 * Gatsby's cache warm instead of building the pictures and bundles once more.
 */
import path from "node:path";
import { defaultWorkDir } from "../release/build-preview";

const ROOT = path.resolve(__dirname, "..", "..");

export function testPreviewBuildDir(): string {
  return `${defaultWorkDir(ROOT)}-test`;
}

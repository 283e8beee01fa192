/** Unit tests of the browser code (components, forms, content checks). Server tests use node's test runner. */
const os = require("node:os");

module.exports = {
  testEnvironment: "jsdom",
  // Jest's default leaves one core free, which on two cores means one worker: with two, the unit tests take 11 s
  // instead of 16 s there, and `npm test` runs them beside lint and typecheck, which end first.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // A worker leaves its event loop within a millisecond of Jest's end message, but while lint and typecheck keep
  // both cores busy, the message's delivery and the process's teardown took longer than Jest's default of 500 ms:
  // Jest then killed the worker and reported a leak that was none. A real leak (a timer left running) is still
  // reported, after 5 s.
  workerGracefulExitTimeout: 5000,
  testMatch: ["<rootDir>/__tests__/**/*.test.{ts,tsx}", "<rootDir>/src/**/*.test.{ts,tsx}"],
  transform: {
    "^.+\\.[jt]sx?$": ["babel-jest", { presets: ["babel-preset-gatsby", "@babel/preset-typescript"] }],
  },
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|gatsby-plugin-image|@x0k/json-schema-merge)/)"],
  moduleNameMapper: {
    "\\.(css)$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|webp|avif|svg)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public", "<rootDir>/e2e", "<rootDir>/server"],
  globals: { __PATH_PREFIX__: "" },
  setupFiles: ["<rootDir>/__tests__/support/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};

// Mutation testing (`npm run test:mutation`; not part of `npm test`, which it would make hours long):
// Stryker changes the code of src/normalizr, src/redux, src/schema and src/utils one mutant at a time and runs
// the tests that cover each mutant; a mutant no test notices points at a behaviour nothing checks.
// The score and how it was taken are in docs/contributing/development.md.
//
// Incremental: results are kept in .tmp/stryker-incremental.json, so a later run tests only the
// mutants of changed code or changed tests. `STRYKER_MUTATE=src/schema/Union.ts npm run test:mutation`
// runs one file (or any glob list, comma-separated); `STRYKER_TESTS=__tests__/schema/Union.test.ts`
// runs only those test files (comma-separated), for a run restricted to one room.

/** Tests that do not exercise src/ for these layers, or cannot run under Stryker's coverage. */
const LEFT_OUT = [
  // they test the built dist/, the packed tarball, the example in Chromium and the bench: slow, and not src/
  '<rootDir>/__tests__/package/',
  '<rootDir>/__tests__/example/',
  '<rootDir>/__tests__/bench/',
  '<rootDir>/__tests__/docs/',
  // `@jest-environment jsdom` files would need the runner's jest-env/jsdom in place of theirs (as
  // guarantees/persistence.test.tsx has: it tests the slice's adoption of saved states); these test
  // src/react and the RTK Query bridge's hooks, which are not mutated (the redux layer they use is
  // covered by the others)
  '<rootDir>/__tests__/react/',
  '<rootDir>/__tests__/rtk-query/.*\\.test\\.tsx$',
  // soak tests measure heap and time, which the instrumented code changes; they check no logic of their own
  '<rootDir>/__tests__/guarantees/longRunning.test.ts',
];

/** The test files of a restricted run (`STRYKER_TESTS`), or `undefined`: every test file not left out. */
const tests = process.env.STRYKER_TESTS?.split(',').map((path) => `<rootDir>/${path}`);

const mutate = process.env.STRYKER_MUTATE?.split(',') ?? [
  'src/normalizr/**/*.ts',
  'src/redux/**/*.ts',
  'src/schema/**/*.ts',
  'src/utils/**/*.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.ts',
    config: { testPathIgnorePatterns: ['/node_modules/', ...LEFT_OUT], ...(tests && { testMatch: tests }) },
    enableFindRelatedTests: false,
  },
  coverageAnalysis: 'perTest',
  mutate,
  incremental: true,
  incrementalFile: '.tmp/stryker-incremental.json',
  // copy only what the tests read into Stryker's sandbox
  ignorePatterns: ['dist', 'example/dist', '.tmp', 'docs', 'coverage', '*.tgz'],
  tempDirName: '.tmp/stryker-sandbox',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.tmp/mutation/index.html' },
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  thresholds: { high: 80, low: 60, break: null },
};

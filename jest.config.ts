import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  // jsdom files too resolve packages as Node does: nock's interceptors have no browser build
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
    // TanStack DB (a bench anchor) requires this ES-module-only package from its CommonJS build
    '/node_modules/fractional-indexing/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!fractional-indexing/)'],
  // jsdom files borrow Node's fetch, Request, Response, TextEncoder and the like (see the file)
  setupFiles: ['<rootDir>/__tests__/setup/jsdomGlobals.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/failOnConsole.ts'],
  // sources import siblings with the `.js` extension that Node's ESM needs; jest resolves the `.ts`
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // the example imports the library by name; tests read it from source
    '^rtk-entities$': '<rootDir>/src/index.ts',
    '^rtk-entities/react$': '<rootDir>/src/react/index.ts',
    '^rtk-entities/rtk-query$': '<rootDir>/src/rtk-query/index.ts',
    '^rtk-entities/rtk-query/react$': '<rootDir>/src/rtk-query/react.ts',
    '^rtk-entities/tabs$': '<rootDir>/src/tabs/index.ts',
    '^rtk-entities/rehydrate$': '<rootDir>/src/rehydrate/index.ts',
    '^rtk-entities/views$': '<rootDir>/src/views/index.ts',
  },
};

export default config;

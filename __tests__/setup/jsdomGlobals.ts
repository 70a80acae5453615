/**
 * Lends Node's web platform globals to jsdom test files, which lack them (jsdom 20 has no `fetch`,
 * `TextEncoder` or `structuredClone`). Only names that are missing are set, so in the node
 * environment, where all of them exist, this file changes nothing.
 */
import { runInThisContext } from 'node:vm';

// Jest runs each test file in its own realm; Node's own globals live in the realm of `node:vm`.
const node = runInThisContext('globalThis') as typeof globalThis;

// fetch and what it is built on (nock's fetch interceptor reads the streams when it loads)
const lent = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'structuredClone',
] as const;

for (const name of lent) {
  if (name in globalThis || !(name in node)) continue;
  Object.defineProperty(globalThis, name, { value: node[name], writable: true, configurable: true, enumerable: false });
}

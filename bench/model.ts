/** What a bench case is: the same work done by each library, a correctness check, and a target. */

export const LIBRARIES = {
  ours: 'rtk-entities',
  dataClient: '@data-client/normalizr 0.18',
  normalizr: 'normalizr 3.6.2',
  rtk: 'RTK createEntityAdapter',
  rtkQuery: 'RTK Query',
  tanstack: 'TanStack DB 0.15',
  plain: 'plain JS loop',
} as const;

export type Library = keyof typeof LIBRARIES;

/** One library's way of doing a case's work. */
export interface Contender {
  readonly library: Library;
  /** Runs before each measured call, outside the timing (a fresh store, the next changed state). */
  readonly before?: () => void;
  /** The measured work. Returns its output, which `verify` compares across libraries. */
  readonly run: () => unknown;
  /** What `verify` compares instead of `run`'s output, read after it (outside any timing). */
  readonly read?: () => unknown;
}

/** A speed target: ours at least `ratio` times the ops/s of `anchor`. */
export interface Target {
  readonly anchor: Library;
  readonly ratio: number;
}

/**
 * Rounds for a case whose calls take a millisecond or more (`BenchCase.rounds`): a 150 ms round
 * times only dozens of them, and with the bench's 4 rounds the median ratio moved by ±15% between
 * runs on a shared machine.
 */
export const SLOW_CALL_ROUNDS = 12;

export interface BenchCase {
  readonly id: string;
  readonly title: string;
  readonly contenders: readonly Contender[];
  readonly target?: Target;
  /** How many rounds it is timed in, when not the bench's default (see `bench/index.ts`). */
  readonly rounds?: number;
  /** Throws unless every library returns the same data (plus the case's own checks). */
  verify(): Promise<void>;
}

/** A case whose contenders are compared on their outputs, with optional extra checks on ours. */
export function benchCase(options: {
  id: string;
  title: string;
  contenders: Contender[];
  target?: Target;
  rounds?: number;
  /** Extra checks, run after the outputs were found equal. */
  check?: () => void | Promise<void>;
}): BenchCase {
  return {
    id: options.id,
    title: options.title,
    contenders: options.contenders,
    ...(options.target === undefined ? {} : { target: options.target }),
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
    async verify() {
      let expected: { library: Library; text: string } | undefined;
      for (const contender of options.contenders) {
        contender.before?.();
        const output = await contender.run();
        const text = canonical(contender.read === undefined ? output : contender.read());
        if (expected === undefined) expected = { library: contender.library, text };
        else if (text !== expected.text) {
          throw new Error(
            `${options.title}: ${LIBRARIES[contender.library]} returned different data than ${LIBRARIES[expected.library]}.\n` +
              `  ${expected.library}: ${expected.text.slice(0, 300)}…\n  ${contender.library}: ${text.slice(0, 300)}…`,
          );
        }
      }
      await options.check?.();
    },
  };
}

/**
 * JSON with object keys sorted, so data compares equal whatever its classes (class instances,
 * prototype-free tables, plain objects) and field order.
 */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
      const sorted: Record<string, unknown> = {};
      for (const name of Object.keys(item).sort()) sorted[name] = (item as Record<string, unknown>)[name];
      return sorted;
    }) ?? 'undefined'
  );
}

/** Throws `message` unless `condition` holds. */
export function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Type tests for `Scalar`: Data Client's options (`lens`, `key`, `entity`), an Entity's Scalar field
 * read as its value, and a Scalar read on its own (`schema.Values(scalar)`) as the values it holds.
 * Compiled by `tsc --noEmit` (see tsconfig.json), never run.
 */
import { Entity, RestEndpoint, Scalar, schema } from '../../src/index';
import type { Denormalize, ResultOf, ScalarCell } from '../../src/index';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

class Company extends Entity {
  id = '';
  price = 0;
  shares = 0;
  pk() {
    return this.id;
  }
  static override key = 'Company';
  static override schema: { shares: Scalar<typeof Company> };
}
const byPortfolio = new Scalar({ lens: (args) => args[0]?.portfolio, key: 'portfolio', entity: Company });
expectType<Equal<typeof byPortfolio, Scalar<typeof Company>>>();
Company.schema = { shares: byPortfolio };
const unbound = new Scalar({ lens: (args: readonly [{ currency?: string }]) => args[0].currency, key: 'currency' });
expectType<Equal<typeof unbound, Scalar<undefined>>>();

// an Entity's Scalar field reads as its value, typed by the class
const getCompanies = new RestEndpoint({
  path: '/companies',
  searchParams: {} as { portfolio: string },
  schema: [Company],
});
declare const companies: ResultOf<typeof getCompanies>;
expectType<Equal<(typeof companies)[number]['shares'], number>>();

// on its own, a Scalar reads as the values of one entity in one lens
expectType<Equal<Denormalize<typeof byPortfolio>, Partial<Company>>>();
expectType<Equal<Denormalize<typeof unbound>, { readonly [field: string]: unknown }>>();
expectType<Equal<ScalarCell<typeof Company>, Partial<Company>>>();
const getColumns = new RestEndpoint({
  path: '/companies/columns',
  searchParams: {} as { portfolio: string },
  schema: new schema.Values(byPortfolio),
});
expectType<Equal<ResultOf<typeof getColumns>, { [key: string]: Partial<Company> }>>();

// @ts-expect-error: the lens is a string (or undefined)
new Scalar({ lens: () => 3, key: 'portfolio' });
// @ts-expect-error: the key is required
new Scalar({ lens: () => 'A' });
// @ts-expect-error: entity is an Entity class
new Scalar({ lens: () => 'A', key: 'portfolio', entity: { key: 'Company' } });

/**
 * Scalar: fields whose values depend on a lens of the call (Data Client's `Scalar`). One stored
 * entity per id, one cell per entity and lens in `Scalar(key)`; a read takes its lens from its own
 * arguments; a column endpoint (`schema.Values` of the Scalar) writes one lens without touching the
 * entity or the other lenses; no lens: `undefined` on read, an error on write; Data Client's options
 * (`lens`, `key`, `entity`) and keys (`Entity.key|pk|lens`); what garbage collection keeps.
 */
import nock from 'nock';
import { Entity, RestEndpoint, Scalar, normalize, schema, selectQuery } from '../../src/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Company extends Entity {
  id = '';
  name = '';
  price = 0;
  shares = 0;
  weight = 0;
  pk() {
    return this.id;
  }
  static override key = 'Company';
  static override schema: { shares: Scalar<typeof Company>; weight: Scalar<typeof Company> };
}
const byPortfolio = new Scalar({
  lens: (args) => (args[0] as { portfolio?: string } | undefined)?.portfolio,
  key: 'portfolio',
  entity: Company,
});
Company.schema = { shares: byPortfolio, weight: byPortfolio };

const companies = new schema.Collection([Company], { argsKey: () => ({}) });
const getCompanies = new RestEndpoint({
  urlPrefix: API,
  path: '/companies',
  searchParams: {} as { portfolio?: string },
  schema: companies,
});
const getColumns = new RestEndpoint({
  urlPrefix: API,
  path: '/companies/columns',
  searchParams: {} as { portfolio: string },
  schema: new schema.Values(byPortfolio),
});

const rows = (shares: number, weight: number) => [
  { id: '1', name: 'Acme', price: 10, shares, weight },
  { id: '2', name: 'Bolt', price: 20, shares: shares * 2, weight: weight / 2 },
];

/** A store holding the companies read through portfolio A, then through portfolio B. */
async function throughTwoPortfolios() {
  const setup = makeStore();
  nock(API)
    .get('/companies')
    .query({ portfolio: 'A' })
    .reply(200, rows(100, 0.5))
    .get('/companies')
    .query({ portfolio: 'B' })
    .reply(200, rows(7, 0.1));
  await setup.ctrl.fetch(getCompanies, { portfolio: 'A' });
  await setup.ctrl.fetch(getCompanies, { portfolio: 'B' });
  const read = (portfolio: string) => setup.ctrl.getResponse(getCompanies, { portfolio }).data;
  return { ...setup, read };
}

describe('Scalar', () => {
  test('stores the entity once, and each lens apart under Entity.key|pk|lens in Scalar(key)', () => {
    const a = normalize([Company], rows(100, 0.5), [{ portfolio: 'A' }]);
    expect(a.entities.Company?.['1']).toEqual({
      id: '1',
      name: 'Acme',
      price: 10,
      shares: ['1', 'shares', 'Company'],
      weight: ['1', 'weight', 'Company'],
    });
    expect(a.entities['Scalar(portfolio)']).toEqual({
      'Company|1|A': { shares: 100, weight: 0.5 },
      'Company|2|A': { shares: 200, weight: 0.25 },
    });
  });

  test('a read takes the lens of its own arguments: A after B still shows A', async () => {
    const { read, slice } = await throughTwoPortfolios();
    expect(read('A')?.map((company) => [company.name, company.shares, company.weight])).toEqual([
      ['Acme', 100, 0.5],
      ['Bolt', 200, 0.25],
    ]);
    expect(read('B')?.map((company) => [company.name, company.shares, company.weight])).toEqual([
      ['Acme', 7, 0.1],
      ['Bolt', 14, 0.05],
    ]);
    expect(Object.keys(slice().entities.Company ?? {})).toEqual(['1', '2']);
    expect(Object.keys(slice().entities['Scalar(portfolio)'] ?? {}).sort()).toEqual([
      'Company|1|A',
      'Company|1|B',
      'Company|2|A',
      'Company|2|B',
    ]);
  });

  test('the same stored list read through a lens no endpoint was called with shows that lens', async () => {
    const { store, ctrl } = await throughTwoPortfolios();
    nock(API)
      .get('/companies/columns')
      .query({ portfolio: 'C' })
      .reply(200, { 1: { shares: 3, weight: 0.9 } });
    await ctrl.fetch(getColumns, { portfolio: 'C' });
    const throughC = selectQuery(companies, { portfolio: 'C' })(store.getState());
    expect(throughC?.map((company) => [company.shares, company.weight])).toEqual([
      [3, 0.9],
      [undefined, undefined],
    ]);
  });

  test('a column endpoint writes one lens, touching neither the entities nor the other lenses', async () => {
    const { ctrl, slice, read } = await throughTwoPortfolios();
    const before = slice().entities;
    const shownA = read('A');
    nock(API)
      .get('/companies/columns')
      .query({ portfolio: 'B' })
      .reply(200, { 1: { shares: 8, weight: 0.2 }, 2: { shares: 16, weight: 0.1 } });

    const columns = await ctrl.fetch(getColumns, { portfolio: 'B' });

    expect(columns).toEqual({ 1: { shares: 8, weight: 0.2 }, 2: { shares: 16, weight: 0.1 } });
    const cells = slice().entities['Scalar(portfolio)'];
    expect(slice().entities.Company).toBe(before.Company);
    expect(recordOf(cells, 'Company|1|A')).toBe(recordOf(before['Scalar(portfolio)'], 'Company|1|A'));
    expect(recordOf(cells, 'Company|1|B')).toEqual({ shares: 8, weight: 0.2 });
    expect(read('B')?.map((company) => company.shares)).toEqual([8, 16]);
    // what portfolio A shows read nothing that changed: the very objects it showed
    expect(read('A')).toBe(shownA);
  });

  test('a read without a lens gives undefined for the lens fields, and every other field', async () => {
    const { store } = await throughTwoPortfolios();
    const company = selectQuery(Company, '1')(store.getState());
    expect(company).toBeInstanceOf(Company);
    expect([company?.name, company?.price, company?.shares, company?.weight]).toEqual([
      'Acme',
      10,
      undefined,
      undefined,
    ]);
  });

  test('a response cannot be written without a lens: the error names the Scalar, the field and the call; nothing is written', async () => {
    const { ctrl, slice } = await throughTwoPortfolios();
    const before = slice().entities;
    nock(API).get('/companies').reply(200, rows(1, 1));

    await expect(ctrl.fetch(getCompanies)).rejects.toThrow(
      /^Scalar\(portfolio\) needs a lens to store its values while normalizing GET \/companies \(field 'shares'\): lens\(args\) gave undefined\. Arguments: \[\]$/,
    );
    expect(slice().entities).toBe(before);
    expect(() => ctrl.set(getColumns.schema, {}, { 1: { shares: 1 } })).toThrow(/^Scalar\(portfolio\) needs a lens/);
    expect(slice().entities).toBe(before);
  });

  test("Data Client's options: entity binds values outside a field; in a field, the Entity holding it", () => {
    class Fund extends Entity {
      id = '';
      shares = 0;
      pk() {
        return this.id;
      }
      static override key = 'Fund';
      static override schema = { shares: byPortfolio };
    }
    const args = [{ portfolio: 'A' }];
    // bound to Company, used in Fund's field: the cell is Fund's
    expect(normalize(Fund, { id: 'f', shares: 5 }, args).entities['Scalar(portfolio)']).toEqual({
      'Fund|f|A': { shares: 5 },
    });
    // outside a field: by the Values key, or by the bound Entity's pk() of each object
    expect(normalize(new schema.Values(byPortfolio), { 1: { shares: 1 } }, args).result).toEqual({ 1: 'Company|1|A' });
    expect(normalize([byPortfolio], [{ id: '2', shares: 2 }], args).entities['Scalar(portfolio)']).toEqual({
      'Company|2|A': { id: '2', shares: 2 },
    });

    const unbound = new Scalar({ lens: (callArgs) => callArgs[0]?.portfolio, key: 'portfolio' });
    expect(() => normalize(new schema.Values(unbound), { 1: { shares: 1 } }, args, { source: 'GET /columns' })).toThrow(
      /^Scalar\(portfolio\) outside an Entity's field while normalizing GET \/columns \(field '1'\) needs its entity: new Scalar\(\{ lens, key, entity \}\)\.$/,
    );
    expect(() => normalize([byPortfolio], [{ shares: 2 }], args)).toThrow(
      /^Scalar\(portfolio\) found no Company primary key while normalizing a response\. Received: \{"shares":2\}$/,
    );
  });

  test('garbage collection keeps the cells of the lens a kept call reads, and lets the others go', async () => {
    const clock = { now: 1_000 };
    const { ctrl, slice } = makeStore({ now: () => clock.now, keepUnusedDataFor: 1 });
    nock(API)
      .get('/companies')
      .query({ portfolio: 'A' })
      .reply(200, rows(100, 0.5))
      .get('/companies/columns')
      .query({ portfolio: 'B' })
      .reply(200, { 1: { shares: 8, weight: 0.2 } });
    const release = ctrl.retain(getCompanies, { portfolio: 'A' });
    await ctrl.fetch(getCompanies, { portfolio: 'A' });
    await ctrl.fetch(getColumns, { portfolio: 'B' });
    clock.now += 60_000;
    ctrl.gc();
    expect(Object.keys(slice().entities['Scalar(portfolio)'] ?? {}).sort()).toEqual(['Company|1|A', 'Company|2|A']);
    expect(ctrl.getResponse(getCompanies, { portfolio: 'A' }).data?.[0]?.shares).toBe(100);
    release();
  });
});

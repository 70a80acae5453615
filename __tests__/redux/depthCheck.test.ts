/**
 * The depth limit (`src/redux/middleware/depthCheck.ts`): data kept as it is (no schema, or fields no
 * schema covers) nests at most 500 levels. A deeper response is refused naming the endpoint, where
 * it is too deep and what to do, and nothing of it is stored, so RTK's development checks and
 * JSON.stringify(state) keep working.
 */
import nock from 'nock';
import { RestEndpoint, createResource, fetchEndpoint } from '../../src/index';
import { Member, getMember, getMembers, memberSelectors } from '../fixtures/integrityStore';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('data nested too deep to keep is refused (the state stays usable and serializable)', () => {
  /** `{ a: { a: … } }`, `depth` objects deep. */
  function nested(depth: number): Record<string, unknown> {
    let value: Record<string, unknown> = { leaf: true };
    for (let i = 1; i < depth; i++) value = { a: value };
    return value;
  }

  const getTree = new RestEndpoint({ urlPrefix: API, path: '/tree' });

  test('a 20,000-level body on an endpoint without a schema: rejected naming the endpoint and the limit; nothing stored; later dispatches and JSON.stringify(state) work', async () => {
    const { store, ctrl, slice } = makeStore();
    // written out by hand: JSON.stringify itself overflows on 20,000 levels
    const body = `${'{"a":'.repeat(19_999)}{"leaf":true}${'}'.repeat(19_999)}`;
    nock(API).get('/tree').reply(200, body, { 'Content-Type': 'application/json' });
    const before = slice();

    const error = await store.dispatch(fetchEndpoint(getTree)).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(
      /^GET \/tree: the response holds data nested deeper than 500 levels \(at result\.a\.a\.a\.a\.a…\), which the store cannot keep\. Nothing of it was stored\. Redux's development checks and JSON\.stringify\(state\) overflow the stack on data that deep: flatten it in process\(\), or give the nested parts an Entity schema \(entities are stored flat\)\.$/,
    );
    expect(slice().endpoints).toBe(before.endpoints);
    expect(slice().entities).toBe(before.entities);
    expect(slice().meta[getTree.key()]?.error?.message).toBe(error?.message);

    // the store still works under RTK's checks, and its state still serializes
    ctrl.setResponse(getMembers, [{ id: 'm1', username: 'ann', name: 'Ann' }]);
    expect(memberSelectors.selectTotal(store.getState())).toBe(1);
    expect(() => JSON.stringify(store.getState())).not.toThrow();
  });

  test('500 levels are kept and read back as they came', () => {
    const { ctrl } = makeStore();
    const body = nested(500);
    expect(ctrl.setResponse(getTree, body)).toEqual(body);
  });

  test('a deep field of an entity (not covered by its schema) is refused too; ctrl.setResponse throws and writes nothing', () => {
    const { ctrl, slice } = makeStore();
    const before = slice();
    expect(() =>
      ctrl.setResponse(getMember, { id: 'm1' }, { id: 'm1', username: 'ann', name: 'Ann', settings: nested(600) }),
    ).toThrow(
      /^GET \/members\/:id: the response holds data nested deeper than 500 levels \(at Member m1\.settings\.a\.a\.a\.a…\)/,
    );
    expect(slice().entities).toBe(before.entities);
    expect(() => JSON.stringify(slice())).not.toThrow();
  });

  test('an entity repeated in one response, deep only where it repeats, is refused as its merged record', () => {
    const { ctrl, slice } = makeStore();
    const listMembers = new RestEndpoint({ urlPrefix: API, path: '/members/list', schema: [Member] });
    const ann = { id: 'm1', username: 'ann', name: 'Ann' };
    const before = slice();
    expect(() => ctrl.setResponse(listMembers, [ann, { ...ann, settings: nested(600) }])).toThrow(
      /^GET \/members\/list: the response holds data nested deeper than 500 levels \(at Member m1\.settings\.a\.a\.a\.a…\)/,
    );
    expect(slice().entities).toBe(before.entities);
    expect(slice().endpoints).toBe(before.endpoints);
  });

  test('an optimistic response too deep to keep is not shown, with a warning naming it; the request goes on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getMember, { id: 'm1' }, { id: 'm1', username: 'ann', name: 'Ann' });
    const members = createResource({ urlPrefix: API, path: '/members/:id', schema: Member, optimistic: true });
    const deep = members.partialUpdate.extend({
      name: 'Member.deep',
      getOptimisticResponse: (_snapshot, { id }: { id: string }) => ({ id, settings: nested(600) }),
    });
    const server = held('patch', '/members/m1', 200, { id: 'm1', username: 'ann', name: 'Ann B.' });
    const request = store.dispatch(fetchEndpoint(deep, { id: 'm1' }, { name: 'Ann B.' }));
    expect(store.getState().entities.optimistic).toEqual([]);
    server.release();
    await expect(request).resolves.toMatchObject({ name: 'Ann B.' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^rtk-entities: Member\.deep: its optimistic response could not be shown \(Member\.deep \(optimistic\): the response holds data nested deeper than 500 levels \(at Member m1\.settings\.a/,
    );
    expect(() => JSON.stringify(store.getState())).not.toThrow();
    warn.mockRestore();
  });
});

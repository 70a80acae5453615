/**
 * schema.Invalidate: deletes an entity everywhere. The response may be the item, its primary key,
 * or nothing (then the params name it): by primary key, or by a field the Entity indexes.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  createController,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  normalize,
  schema,
  selectEntityMeta,
  selectQuery,
  storeView,
} from '../../src/index';
import { appendMeta, metaOf } from '../../src/redux/slice/metaStamps';
import { User } from '../fixtures/spec';
import {
  API,
  assertNetworkDone,
  held,
  makeClockedStore,
  makeStore,
  strictNetwork,
  tickingClock,
} from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Label extends Entity {
  id = 0;
  name = '';
  color = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Label';
  static override indexes = ['name'];
}

class Tag extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Tag';
}

const LabelResource = createResource({ urlPrefix: API, path: '/repos/:owner/:repo/labels/:name', schema: Label });
const labels = [
  { id: 1, name: 'bug', color: 'd73a4a' },
  { id: 2, name: 'docs', color: '0075ca' },
];

describe('schema.Invalidate', () => {
  test('Invalidate deletes: the entity leaves reads, and an older response cannot bring it back', () => {
    const stored = normalize(
      [User],
      [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
      ],
      [],
      { meta: { fetchedAt: 10, date: 10, expiresAt: 99 } },
    );
    const deleted = normalize(new schema.Invalidate(User), { id: '1' }, [], {
      store: storeView(stored),
      meta: { fetchedAt: 20, date: 20, expiresAt: 99 },
    });
    expect(metaOf(deleted.entitiesMeta, 'User', '1')?.deleted).toBe(true);
    expect(deleted.entities.User?.['1']).toBeUndefined();
    const afterDelete = {
      entities: { User: { '2': stored.entities.User?.['2'] } } as never,
      entitiesMeta: appendMeta(appendMeta({}, stored.entitiesMeta), deleted.entitiesMeta),
    };
    const late = normalize(User, { id: '1', name: 'Ann' }, [], {
      store: storeView(afterDelete),
      meta: { fetchedAt: 15, date: 30, expiresAt: 99 },
    });
    expect(late.entities.User?.['1']).toBeUndefined();
    const fresh = normalize(User, { id: '1', name: 'Ann again' }, [], {
      store: storeView(afterDelete),
      meta: { fetchedAt: 25, date: 30, expiresAt: 99 },
    });
    expect(fresh.entities.User?.['1']).toEqual({ id: '1', name: 'Ann again' });
  });

  test('normalize alone: a deletion with no store, or a store that keeps no meta, is written, and no index table for a kind without indexes', () => {
    const deleted = (store?: Parameters<typeof normalize>[3]) =>
      normalize(new schema.Invalidate(User), { id: '1' }, [], store).entitiesMeta.User?.find(
        (stamp) => stamp.meta.deleted,
      )?.pks;
    expect(deleted()).toEqual(['1']);
    expect(deleted({ store: { entities: { User: { 1: { id: '1' } } } } })).toEqual(['1']);
    expect(normalize(new schema.Invalidate(User), { id: '1' }).indexes).toEqual({});
    expect(normalize(User, { id: '1', name: 'Ann' }).indexes).toEqual({});
  });

  test('a delete older than the stored write, in normalize alone: nothing deleted, the record’s meta kept', () => {
    const newer = { fetchedAt: 200, date: 200, expiresAt: 300 };
    const stored = normalize(User, { id: '1', name: 'Ann' }, [], { meta: newer });
    const older = normalize(new schema.Invalidate(User), { id: '1' }, [], {
      store: storeView(stored),
      meta: { fetchedAt: 100, date: 250, expiresAt: 300 },
    });
    expect(older.entitiesMeta.User?.flatMap((stamp) => stamp.pks) ?? []).toEqual([]);
    const later = normalize(new schema.Invalidate(User), { id: '1' }, [], {
      store: storeView(stored),
      meta: { fetchedAt: 300, date: 300, expiresAt: 400 },
    });
    expect(later.entitiesMeta.User?.find((stamp) => stamp.meta.deleted)?.pks).toEqual(['1']);
  });

  test('by the item or its primary key', () => {
    const first = normalize([Label], labels);
    const byItem = normalize(new schema.Invalidate(Label), { id: 1, name: 'bug' }, [], { store: storeView(first) });
    expect(metaOf(byItem.entitiesMeta, 'Label', '1')?.deleted).toBe(true);
    const byPk = normalize({ removed: new schema.Invalidate(Label) }, { removed: 2 }, [], { store: storeView(first) });
    expect(metaOf(byPk.entitiesMeta, 'Label', '2')?.deleted).toBe(true);
  });

  test('by an indexed field, when the item has no primary key: the index names the entity', () => {
    const first = normalize([Label], labels);
    const deleted = normalize(new schema.Invalidate(Label), { owner: 'o', repo: 'r', name: 'docs' }, [], {
      store: storeView(first),
    });
    expect(deleted.result).toBe('2');
    expect(metaOf(deleted.entitiesMeta, 'Label', '2')?.deleted).toBe(true);
  });

  test('an indexed field that names no stored entity deletes nothing (there is nothing stored to delete)', () => {
    const first = normalize([Label], labels);
    const deleted = normalize(new schema.Invalidate(Label), { name: 'never-fetched' }, [], { store: storeView(first) });
    expect(deleted.result).toBeUndefined();
    expect(deleted.entitiesMeta).toEqual({});
  });

  test('neither the primary key nor an indexed field: the error says which fields would do', () => {
    expect(() =>
      normalize(new schema.Invalidate(Label), { owner: 'o', repo: 'r' }, [], { source: 'Label.delete' }),
    ).toThrow(
      new TypeError(
        'schema.Invalidate(Label) could not find which entity to delete while normalizing Label.delete: the item has no primary key ' +
          '(Label.pk() returned "undefined") and none of the fields Label indexes (name). Received: {"owner":"o","repo":"r"}',
      ),
    );
  });

  test('an Entity without indexes: the error says how to delete by another field', () => {
    expect(() => normalize(new schema.Invalidate(Tag), { name: 'x' }, [], { source: 'DELETE /tags/:name' })).toThrow(
      new TypeError(
        'schema.Invalidate(Tag) could not find which entity to delete while normalizing DELETE /tags/:name: the item has no primary key ' +
          '(Tag.pk() returned "undefined"). To delete by another field (such as \'name\'), declare it in static indexes = [\'name\']. Received: {"name":"x"}',
      ),
    );
  });

  test("a resource addressed by a field that is not its pk (GitHub's labels by name) is deleted when the server answers 204", async () => {
    const { store } = makeStore();
    const params = { owner: 'octo', repo: 'hello' };
    nock(API).get('/repos/octo/hello/labels').reply(200, labels).delete('/repos/octo/hello/labels/docs').reply(204);
    await store.dispatch(fetchEndpoint(LabelResource.getList, params));
    await store.dispatch(fetchEndpoint(LabelResource.delete, { ...params, name: 'docs' }));
    expect(getEntitySelectors(Label).selectIds(store.getState())).toEqual(['1']);
    expect(selectQuery(LabelResource.getList.schema, params)(store.getState())?.map((label) => label.name)).toEqual([
      'bug',
    ]);
    expect(selectQuery(Label, { name: 'docs' })(store.getState())).toBeUndefined();
    expect(selectEntityMeta(store.getState(), Label, 2)?.deleted).toBe(true);
  });

  test('a DELETE endpoint with schema.Invalidate answered 204 deletes by the params too', async () => {
    const { store } = makeStore();
    const deleteLabel = new RestEndpoint({
      urlPrefix: API,
      path: '/labels/:name',
      method: 'DELETE',
      schema: new schema.Invalidate(Label),
    });
    createController(store).setResponse(LabelResource.getList, { owner: 'o', repo: 'r' }, labels);
    nock(API).delete('/labels/bug').reply(204);
    await store.dispatch(fetchEndpoint(deleteLabel, { name: 'bug' }));
    expect(getEntitySelectors(Label).selectIds(store.getState())).toEqual(['2']);
  });
});

// found by review: one response may delete a record more than once, then write it again
describe('a record deleted twice and then written in one response: the write wins', () => {
  const syncSchema = { removed: [new schema.Invalidate(User)], users: [User] };
  const sync = new RestEndpoint({ urlPrefix: API, path: '/sync', method: 'POST', schema: syncSchema });

  test('ctrl.setResponse stores and returns the written record, with meta that is not a deletion', () => {
    const { store, ctrl, slice } = makeClockedStore();
    const data = ctrl.setResponse(sync, {}, { removed: ['1', '1'], users: [{ id: '1', name: 'Ann' }] });
    expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'Ann' });
    expect(data.users[0]?.name).toBe('Ann');
    expect(ctrl.get(User, '1')?.name).toBe('Ann');
    expect(selectEntityMeta(store.getState(), User, '1')?.deleted).toBeUndefined();
  });

  test('a fetched response over a stored record: written, deleted twice, written again', async () => {
    const { store, ctrl, slice } = makeClockedStore();
    ctrl.setResponse(sync, {}, { removed: [], users: [{ id: '1', name: 'old' }] });
    const again = new RestEndpoint({
      urlPrefix: API,
      path: '/sync',
      method: 'POST',
      schema: { users: [User], removed: [new schema.Invalidate(User)], again: [User] },
    });
    nock(API)
      .post('/sync')
      .reply(200, { users: [{ id: '1', name: 'x' }], removed: ['1', '1'], again: [{ id: '1', name: 'new' }] });
    await store.dispatch(fetchEndpoint(again, {}));
    expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'new' });
  });

  test('an optimistic response shows the written record', async () => {
    const { store } = makeStore({ now: tickingClock().now });
    const optimistic = new RestEndpoint({
      urlPrefix: API,
      path: '/sync',
      method: 'POST',
      schema: syncSchema,
      getOptimisticResponse: () => ({ removed: ['1', '1'], users: [{ id: '1', name: 'opt' }] }),
    });
    const server = held('post', '/sync', 200, { removed: [], users: [] });
    const request = store.dispatch(fetchEndpoint(optimistic, {}));
    expect(getEntitySelectors(User).selectById(store.getState(), '1')?.name).toBe('opt');
    server.release();
    await request;
  });
});

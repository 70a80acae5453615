/**
 * The store of the integrity scenarios (storeIntegrity.test.ts and pending/rollbackIdentity.test.ts):
 * todos with owners in two lists, and everything a component could be holding.
 */
import nock from 'nock';
import { Entity, RestEndpoint, createResource, fetchEndpoint, getEntitySelectors, schema, selectResponse } from '../../src/index';
import { Link, Post } from '../fixtures/spec';
import { API, makeStore, tickingClock, type RootState } from '../fixtures/store';

export class Member extends Entity {
  id = '';
  username = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Member';
  static override indexes = ['username'] as const;
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  owner: Member | null = null;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
  static override schema = { owner: Member };
}

export const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo });
export const OptimisticTodos = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, optimistic: true });
export const getMembers = new RestEndpoint({ urlPrefix: API, path: '/members', schema: new schema.All(Member) });
export const getMember = new RestEndpoint({ urlPrefix: API, path: '/members/:id', schema: Member });
export const getFeed = new RestEndpoint({ urlPrefix: API, path: '/feed', schema: new schema.All({ link: Link, post: Post }, 'type') });

export const todos = [
  { id: 1, userId: 1, title: 'a', owner: { id: 'm1', username: 'ann', name: 'Ann' } },
  { id: 2, userId: 2, title: 'b', owner: { id: 'm2', username: 'bo', name: 'Bo' } },
  { id: 3, userId: 1, title: 'c', owner: 'm1' },
];

/** A store with two lists of todos (all, and userId=1) and their owners. */
export async function withTodos(clock = tickingClock()) {
  const setup = makeStore({ now: clock.now });
  nock(API)
    .get('/todos')
    .reply(200, todos)
    .get('/todos')
    .query({ userId: '1' })
    .reply(200, [todos[0], todos[2]]);
  await setup.store.dispatch(fetchEndpoint(TodoResource.getList));
  await setup.store.dispatch(fetchEndpoint(TodoResource.getList, { userId: 1 }));
  return { ...setup, clock };
}

// made once, as an app does: each call of getEntitySelectors makes new memoized selectors
export const todoSelectors = getEntitySelectors(Todo);
export const memberSelectors = getEntitySelectors(Member);

/** Everything a component could be holding, for `toBe` comparisons. */
export function selections(state: RootState) {
  return {
    tables: state.entities.entities,
    entitiesMeta: state.entities.entitiesMeta,
    indexes: state.entities.indexes,
    endpoints: state.entities.endpoints,
    all: selectResponse(TodoResource.getList)(state).data,
    mine: selectResponse(TodoResource.getList, { userId: 1 })(state).data,
    todo: todoSelectors.selectById(state, 1),
    everyTodo: todoSelectors.selectAll(state),
    byId: todoSelectors.selectEntities(state),
    members: memberSelectors.selectAll(state),
  };
}

export type Selections = ReturnType<typeof selections>;

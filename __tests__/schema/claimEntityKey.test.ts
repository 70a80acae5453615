/**
 * One `static key` names one table: two unrelated Entity classes with one key are a slip, reported
 * in development where a schema is first read (a selector, a fetch's result), naming both classes
 * and the fix. A subclass sharing its parent's table and a class reloaded under the same name are not.
 */
import nock from 'nock';
import { Entity, RestEndpoint, getEntitySelectors, schema } from '../../src/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Customer extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Person';
}

class Employee extends Entity {
  id = '';
  team = '';
  pk() {
    return this.id;
  }
  static override key = 'Person';
}

test('two unrelated classes with one key: the error names both and the fix', async () => {
  const { ctrl, store } = makeStore();
  const getCustomers = new RestEndpoint({ urlPrefix: API, path: '/customers', schema: new schema.All(Customer) });
  nock(API)
    .get('/customers')
    .reply(200, [{ id: '1', name: 'Ann' }]);
  await ctrl.fetch(getCustomers);
  expect(() => getEntitySelectors(Employee).selectAll(store.getState())).toThrow(
    "Entity classes Customer and Employee both have static key 'Person', so they would share one table and read each other's records. Give Employee its own: static override key = 'Employee';",
  );
});

test('a subclass sharing its parent’s table, and a class reloaded under its own name, are no slip', () => {
  class Member extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'Member';
  }
  class MemberWithTeam extends Member {
    team = '';
  }
  const { store } = makeStore();
  expect(getEntitySelectors(Member).selectAll(store.getState())).toEqual([]);
  expect(getEntitySelectors(MemberWithTeam).selectAll(store.getState())).toEqual([]);
  // hot reloading evaluates the module again: a new class of the same name takes the key over
  const reloaded = (() => {
    class Member extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'Member';
    }
    return Member;
  })();
  expect(getEntitySelectors(reloaded).selectAll(store.getState())).toEqual([]);
});

test('in production nothing is checked', () => {
  class Order extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'Order';
  }
  class Invoice extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'Order';
  }
  const { store } = makeStore();
  getEntitySelectors(Order).selectAll(store.getState());
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    expect(getEntitySelectors(Invoice).selectAll(store.getState())).toEqual([]);
  } finally {
    process.env.NODE_ENV = env;
  }
});

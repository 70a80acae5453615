/**
 * One `static key` names one table of a slice: two classes that each declare one key are a slip,
 * reported in development where a schema is first read through a selector (a hook, getResponse),
 * naming both classes and the fix. Subclasses sharing the table their parent declares, a class
 * reloaded under the same name, and two slices each with its own class for a key are not.
 */
import nock from 'nock';
import { Entity, RestEndpoint, createEntities, getEntitySelectors, schema } from '../../src/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { inProduction } from '../fixtures/production';

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
  expect(ctrl.getResponse(getCustomers).data?.[0]?.name).toBe('Ann'); // shown, as a component would
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

test('two subclasses of one keyed base share its table, whichever is read first', () => {
  class Article extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'Article';
  }
  class ArticleSummary extends Article {}
  class ArticleWithBody extends Article {
    body = '';
  }
  const { store } = makeStore();
  expect(getEntitySelectors(ArticleSummary).selectAll(store.getState())).toEqual([]);
  expect(getEntitySelectors(ArticleWithBody).selectAll(store.getState())).toEqual([]);
});

test('hot reload of a base class: a subclass whose module was not evaluated again still reads', () => {
  const makeBase = () =>
    class Profile extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'Profile';
    };
  const Base = makeBase();
  class ProfileWithTeam extends Base {}
  const { store } = makeStore();
  getEntitySelectors(Base).selectAll(store.getState());
  getEntitySelectors(makeBase()).selectAll(store.getState());
  expect(getEntitySelectors(ProfileWithTeam).selectAll(store.getState())).toEqual([]);
});

test('two slices (createEntities) may each have their own class for one key', async () => {
  class ShopUser extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'User';
  }
  class AdminUser extends Entity {
    id = '';
    role = '';
    pk() {
      return this.id;
    }
    static override key = 'User';
  }
  const shop = makeStore({ entities: createEntities({ reducerPath: 'shop' }) });
  const admin = makeStore({ entities: createEntities({ reducerPath: 'admin' }) });
  const shopUsers = new RestEndpoint({ urlPrefix: API, path: '/shop/users', schema: [ShopUser] });
  const adminUsers = new RestEndpoint({ urlPrefix: API, path: '/admin/users', schema: [AdminUser] });
  nock(API)
    .get('/shop/users')
    .reply(200, [{ id: '1' }])
    .get('/admin/users')
    .reply(200, [{ id: '1', role: 'root' }]);
  await shop.ctrl.fetch(shopUsers);
  await admin.ctrl.fetch(adminUsers);
  expect(shop.ctrl.getResponse(shopUsers).data?.[0]).toBeInstanceOf(ShopUser);
  expect(admin.ctrl.getResponse(adminUsers).data?.[0]?.role).toBe('root');
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
  inProduction(() => {
    expect(getEntitySelectors(Invoice).selectAll(store.getState())).toEqual([]);
  });
});

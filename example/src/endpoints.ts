// The spec's endpoints (section 4.2), on the server that served this page.
import { RestEndpoint, createResource, schema } from 'rtk-entities';
import { Account, Coin, Link, Post, Trade, User } from './entities';

const urlPrefix = window.location.origin;

/** GET /users: every cached User, whichever request brought it. */
export const getUsers = new RestEndpoint({ urlPrefix, path: '/users', schema: new schema.All(User) });
/** POST /users: the new user joins `getUsers` without a refetch. */
export const createUser = new RestEndpoint({ urlPrefix, path: '/users', method: 'POST', schema: User });
/**
 * PATCH /users/:id: a rename, shown at once (`optimistic`) in the user list and in every trade of that
 * user, and rolled back to the very objects of before if the server refuses it.
 */
export const renameUser = createResource({
  urlPrefix,
  path: '/users/:id',
  schema: User,
  optimistic: true,
}).partialUpdate;

/** The feed's two kinds, picked by the attribute `type`... */
export const feedByAttribute = new schema.All({ link: Link, post: Post }, 'type');
/** ...or by a function of the item: the same tables, the same items. */
export const feedByFunction = new schema.All(
  { links: Link, posts: Post },
  (value: { type: string }) => `${value.type}s`,
);

export const getFeed = new RestEndpoint({ urlPrefix, path: '/feed', schema: feedByAttribute });
export const getFeedByFunction = getFeed.extend({ schema: feedByFunction });

/**
 * GET /trade; `create`: ONE POST /trade whose answer `{ trade, account }` updates the trade lists and
 * the account; `sell`: ONE DELETE /trade/:id whose answer `{ trade, account }` removes the trade from
 * every list and refunds the account.
 */
export const TradeResource = createResource({ urlPrefix, path: '/trade/:id', schema: Trade }).extend((Base) => ({
  create: Base.getList.push.extend({ schema: { trade: Base.getList.push.schema, account: Account } }),
  sell: Base.delete.extend({ schema: { trade: new schema.Invalidate(Trade), account: Account } }),
}));

export const getAccount = new RestEndpoint({ urlPrefix, path: '/account/:id', schema: Account });

/** GET /coins: what can be bought, and at what price. */
export const getCoins = new RestEndpoint({ urlPrefix, path: '/coins', schema: [Coin] });

// The users of the example (the spec's User, section 2.3) and their endpoints, shared by the server
// component that fetches them and the client component that shows them. Paths are relative: the
// server's store resolves them against the request's origin, the browser against the page's.
import { Entity, RestEndpoint, schema } from 'rtk-entities';

export class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}

/** GET /api/users: every cached User. */
export const getUsers = new RestEndpoint({ path: '/api/users', schema: new schema.All(User) });
/** POST /api/users: the new user joins `getUsers` with no refetch. */
export const createUser = new RestEndpoint({ path: '/api/users', method: 'POST', schema: User });

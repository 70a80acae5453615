/**
 * RestEndpoint's parseResponse: empty answers, JSON and other bodies, the errors for an answer the
 * schema cannot use, and a custom parser.
 */
import nock from 'nock';
import { RestEndpoint, schema } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, context, useNock } from './http';

useNock();

const HTML = `<!doctype html><html><head><title>Not the API</title></head><body>${'x'.repeat(200)}</body></html>`;

describe('RestEndpoint default parseResponse', () => {
  test('204 gives null', async () => {
    nock(API).delete('/users/1').reply(204);
    const deleteUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', method: 'DELETE', schema: User });
    await expect(deleteUser.parseResponse(await fetch(`${API}/users/1`, { method: 'DELETE' }))).resolves.toBeNull();
  });

  test('an empty body gives null, whatever the content type', async () => {
    nock(API).get('/users').reply(200, '', { 'Content-Type': 'application/json' });
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
    await expect(getUsers.parseResponse(await fetch(`${API}/users`))).resolves.toBeNull();
  });

  describe('an empty answer where the schema needs data', () => {
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

    test('204: the error says the status and what to do, naming the endpoint, the URL and the schema', async () => {
      nock(API).get('/users/1').reply(204);
      await expect(getUser.request(context, { id: 1 })).rejects.toThrow(
        new TypeError(
          `GET /users/:id: the server answered 204 No Content from ${API}/users/1, but the schema User needs a response to normalize. ` +
            'If this request sends no body back, give the endpoint a schema that allows none (leave schema out); ' +
            'for a delete, use schema.Invalidate(User), which finds the entity through the params.',
        ),
      );
    });

    test('200 with an empty body: the error says the body was empty', async () => {
      nock(API).get('/users/1').reply(200, '', { 'Content-Type': 'application/json' });
      await expect(getUser.request(context, { id: 1 })).rejects.toThrow(
        `GET /users/:id: the server answered 200 with an empty body from ${API}/users/1, but the schema User needs a response to normalize.`,
      );
    });

    test('a JSON null body is a value, not an empty body: it is left to the schema', async () => {
      nock(API).get('/users/1').reply(200, 'null', { 'Content-Type': 'application/json' });
      await expect(getUser.request(context, { id: 1 })).resolves.toBeNull();
    });

    test('schema.Invalidate answered 204 finds the entity through the params', async () => {
      nock(API).delete('/users/7').reply(204);
      const deleteUser = new RestEndpoint({
        urlPrefix: API,
        path: '/users/:id',
        method: 'DELETE',
        schema: new schema.Invalidate(User),
      });
      await expect(deleteUser.request(context, { id: 7 })).resolves.toEqual({ id: 7 });
    });

    test('a custom parseResponse answered 204 gets the same message', async () => {
      nock(API).get('/users/1').reply(204);
      const custom = getUser.extend({
        parseResponse: async (response) => (response.status === 204 ? null : response.json()),
      });
      await expect(custom.request(context, { id: 1 })).rejects.toThrow(
        `GET /users/:id: the server answered 204 No Content from ${API}/users/1`,
      );
    });
  });

  test('JSON content types are parsed, +json included', async () => {
    nock(API).get('/a').reply(200, '{"a":1}', { 'Content-Type': 'application/json; charset=utf-8' });
    nock(API).get('/b').reply(200, '{"b":2}', { 'Content-Type': 'application/vnd.api+json' });
    await expect(new RestEndpoint({ urlPrefix: API, path: '/a' }).request(context)).resolves.toEqual({ a: 1 });
    await expect(new RestEndpoint({ urlPrefix: API, path: '/b' }).request(context)).resolves.toEqual({ b: 2 });
  });

  test('invalid JSON fails with an error that quotes the start of the body', async () => {
    nock(API).get('/users').reply(200, "{ id: '1', oops", { 'Content-Type': 'application/json' });
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });
    const error = await getUsers.request(context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(
      /^GET \/users: the response is labelled application\/json but its body is not valid JSON \(.+\)\. Body starts with "\{ id: '1', oops"\.$/,
    );
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  test('a non-JSON body on an endpoint with a schema is a TypeError naming the endpoint and quoting ~100 chars', async () => {
    nock(API).get('/users').reply(200, HTML, { 'Content-Type': 'text/html' });
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
    const error = await getUsers.request(context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    const { message } = error as TypeError;
    expect(message).toContain(
      'GET /users: expected a JSON response to normalize with its schema, but received text/html.',
    );
    expect(message).toContain(`Body starts with ${JSON.stringify(HTML.slice(0, 100))}…`);
    expect(message).not.toContain(HTML.slice(0, 101));
    expect(message).toContain('Check urlPrefix and path');
  });

  test('a body without content type on an endpoint with a schema is refused too', async () => {
    nock(API).get('/users').reply(200, 'hello');
    const getUsers = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      schema: new schema.All(User),
      name: 'getUsers',
    });
    await expect(getUsers.request(context)).rejects.toThrow(
      'getUsers: expected a JSON response to normalize with its schema, but received a body without content-type. Body starts with "hello".',
    );
  });

  test('a non-JSON body without a schema is returned as text', async () => {
    nock(API).get('/readme').reply(200, '# Title', { 'Content-Type': 'text/markdown' });
    await expect(new RestEndpoint({ urlPrefix: API, path: '/readme' }).request(context)).resolves.toBe('# Title');
  });
});

describe('parseResponse option', () => {
  test('replaces the default parser; process runs on its result', async () => {
    nock(API).get('/csv').reply(200, 'a,b\n1,2', { 'Content-Type': 'text/csv' });
    const getCsv = new RestEndpoint({
      urlPrefix: API,
      path: '/csv',
      schema: new schema.All(User),
      async parseResponse(response) {
        return (await response.text()).split('\n').map((line) => line.split(','));
      },
      process: (rows) => ({ rows }),
    });
    await expect(getCsv.request(context)).resolves.toEqual({
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  test('a subclass may override parseResponse and keep the default for other cases', async () => {
    class XmlEndpoint<P extends string> extends RestEndpoint<P> {
      override async parseResponse(response: Response): Promise<unknown> {
        if (response.headers.get('content-type') === 'application/xml') return { xml: await response.text() };
        return super.parseResponse(response);
      }
    }
    nock(API).get('/x').reply(200, '<a/>', { 'Content-Type': 'application/xml' });
    nock(API).get('/y').reply(200, { y: 1 });
    await expect(new XmlEndpoint({ urlPrefix: API, path: '/x' }).request(context)).resolves.toEqual({ xml: '<a/>' });
    await expect(new XmlEndpoint({ urlPrefix: API, path: '/y' }).request(context)).resolves.toEqual({ y: 1 });
  });
});

/**
 * Real GitHub API exchanges, replayed: the recordings of `@octokit/fixtures` (requests with their
 * headers and bodies, responses with theirs) are defined in nock as recorded, and the library talks
 * to them as an app would. No one here wrote these responses. Checked: the denormalized data is the
 * recorded JSON, one `User` is one instance wherever it appears, `schema.All` lists what the pages
 * brought, the state stays plain JSON under RTK's checks, and every recorded request is made as
 * recorded (method, path, query, headers, body).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nock from 'nock';
import {
  Endpoint,
  Entity,
  NetworkError,
  RestEndpoint,
  createResource,
  getEntitySelectors,
  schema,
  selectQuery,
  selectResponse,
} from '../../src/index';
import { makeStore } from '../fixtures/store';

const GITHUB = 'https://api.github.com';
/** What the recordings expect of every request (a token of the recording, not a real one). */
const HEADERS = {
  accept: 'application/vnd.github.v3+json',
  authorization: 'token 0000000000000000000000000000000000000001',
};
/** Octokit sends JSON bodies with a charset, and the recordings match on it. */
const withCharset = (headers: Record<string, string>) =>
  'Content-Type' in headers ? { ...headers, 'Content-Type': 'application/json; charset=utf-8' } : headers;

interface Recording {
  scope: string;
  method: string;
  path: string;
  status: number;
  response: unknown;
  headers: Record<string, string>;
  reqheaders: Record<string, string | number>;
  body?: unknown;
}

/** The recorded exchanges of one `api.github.com` scenario. */
function recorded(scenario: string): Recording[] {
  const root = dirname(require.resolve('@octokit/fixtures/package.json'));
  return JSON.parse(
    readFileSync(join(root, 'scenarios', 'api.github.com', scenario, 'normalized-fixture.json'), 'utf8'),
  ) as Recording[];
}

/**
 * Defines the recordings in nock, as recorded, and returns them for the expected data. Only
 * `content-length` is not matched: fetch's interceptor does not show it (the body itself is matched).
 */
function replay(scenario: string): Recording[] {
  const recordings = recorded(scenario);
  nock.define(
    recordings.map(({ headers, reqheaders, ...rest }) => {
      const { 'content-length': _length, ...matched } = reqheaders;
      return { ...rest, reqheaders: matched, rawHeaders: headers };
    }) as nock.Definition[],
  );
  return recordings;
}

/** Plain data, as JSON has it (class instances become their fields). */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

class User extends Entity {
  id = 0;
  login = '';
  type = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
}

class Label extends Entity {
  id = 0;
  name = '';
  color = '';
  description: string | null = null;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Label';
  // labels are addressed by name (/repos/:owner/:repo/labels/:name); their pk is the id
  static override indexes = ['name'];
}

class Issue extends Entity {
  id = 0;
  number = 0;
  title = '';
  state = '';
  user: User = User.fromJS();
  labels: Label[] = [];
  assignee: User | null = null;
  assignees: User[] = [];
  pk() {
    return `${this.id}`;
  }
  static override key = 'Issue';
  static override schema = { user: User, labels: [Label], assignee: User, assignees: [User] };
}

/** The state is plain JSON: it survives a round trip unchanged. */
function expectPlainState(state: unknown) {
  expect(json(state)).toEqual(state);
}

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

describe('labels (api.github.com/labels): list, create, read, rename, delete by name', () => {
  const LabelResource = createResource({
    urlPrefix: GITHUB,
    path: '/repos/:owner/:repo/labels/:name',
    schema: Label,
    requestInit: { headers: HEADERS },
    getHeaders: withCharset,
  });
  const repo = { owner: 'octokit-fixture-org', repo: 'labels' };

  test('every step round-trips the recorded JSON, the rename moves the index, and the 204 delete removes the label everywhere', async () => {
    const [list, created, read, renamed] = replay('labels') as [Recording, Recording, Recording, Recording, Recording];
    const { store, ctrl } = makeStore();
    const names = () => selectResponse(LabelResource.getList, repo)(store.getState()).data?.map((label) => label.name);

    const labels = await ctrl.fetch(LabelResource.getList, repo);
    expect(json(labels)).toEqual(list.response);
    expect(labels.every((label) => label instanceof Label)).toBe(true);

    const label = await ctrl.fetch(LabelResource.getList.push, repo, { name: 'test-label', color: '663399' });
    expect(json(label)).toEqual(created.response);
    expect(names()).toHaveLength((list.response as unknown[]).length + 1);
    expect(names()?.at(-1)).toBe('test-label');

    const again = await ctrl.fetch(LabelResource.get, { ...repo, name: 'test-label' });
    expect(json(again)).toEqual(read.response);
    expect(selectResponse(LabelResource.getList, repo)(store.getState()).data?.at(-1)).toBe(again);

    const updated = await ctrl.fetch(LabelResource.partialUpdate, { ...repo, name: 'test-label' }, {
      new_name: 'test-label-updated',
      color: 'BADA55',
    } as Partial<Label>);
    expect(json(updated)).toEqual(renamed.response);
    expect(selectQuery(Label, { name: 'test-label' })(store.getState())).toBeUndefined();
    expect(selectQuery(Label, { name: 'test-label-updated' })(store.getState())).toBe(updated);

    await ctrl.fetch(LabelResource.delete, { ...repo, name: 'test-label-updated' });
    expect(json(selectResponse(LabelResource.getList, repo)(store.getState()).data)).toEqual(list.response);
    expect(
      getEntitySelectors(Label).selectById(store.getState(), (created.response as { id: number }).id),
    ).toBeUndefined();
    expect(getEntitySelectors(Label).selectTotal(store.getState())).toBe((list.response as unknown[]).length);
    expectPlainState(store.getState());
  });
});

describe('issues, page by page (api.github.com/paginate-issues), following the Link header', () => {
  const issues = new schema.Collection([Issue]);
  interface Page {
    items: unknown[];
    next: string | undefined;
  }
  /** A page of issues and the URL of the next one (`Link: <…>; rel="next"`). */
  async function readPage(response: Response): Promise<Page> {
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    return { items: (await response.json()) as unknown[], next };
  }
  const getIssues = new RestEndpoint({
    urlPrefix: GITHUB,
    path: '/repos/:owner/:repo/issues',
    searchParams: {} as { per_page: number },
    schema: { items: issues },
    requestInit: { headers: HEADERS },
    parseResponse: readPage,
  });
  /** Further pages are at the URL GitHub gives: they join the list of the same params. */
  const getNextPage = Endpoint(
    async (_params: { owner: string; repo: string; per_page: number }, url: string) => {
      const response = await fetch(url, { headers: HEADERS });
      if (!response.ok) throw new NetworkError(response);
      return readPage(response);
    },
    { name: 'Issue.getNextPage', schema: { items: issues.paginate('page') } },
  );
  const params = { owner: 'octokit-fixture-org', repo: 'paginate-issues', per_page: 3 };

  test('the list holds every page in order, as recorded; one User instance for every issue of the same author; All lists them', async () => {
    const pages = replay('paginate-issues');
    const { store, ctrl } = makeStore();
    // the schema types `items`; the rest of a page (`next`) is kept as it came
    const nextOf = (page: object) => (page as { next?: string }).next;
    let next = nextOf(await ctrl.fetch(getIssues, params));
    let requests = 1;
    while (next !== undefined) {
      next = nextOf(await ctrl.fetch(getNextPage, params, next));
      requests++;
    }
    expect(requests).toBe(pages.length);

    const list = selectResponse(getIssues, params)(store.getState()).data?.items ?? [];
    expect(json(list)).toEqual(pages.flatMap((recording) => recording.response as unknown[]));
    const authors = new Set(list.map((issue) => issue.user));
    expect(authors.size).toBe(1);
    expect([...authors][0]).toBeInstanceOf(User);
    expect(
      getEntitySelectors(Issue)
        .selectAll(store.getState())
        .map((issue) => issue.number),
    ).toEqual(list.map((issue) => issue.number));
    expect(selectQuery(new schema.All(User))(store.getState())).toEqual([...authors]);
    expectPlainState(store.getState());
  });
});

describe('search (api.github.com/search-issues)', () => {
  const searchIssues = new RestEndpoint({
    urlPrefix: GITHUB,
    path: '/search/issues',
    searchParams: {} as { q: string },
    schema: { items: [Issue] },
    requestInit: { headers: HEADERS },
  });

  test('the result is the recorded JSON; each author is one User instance, shared with what All lists', async () => {
    const [search] = replay('search-issues') as [Recording];
    const { store, ctrl } = makeStore();
    const found = await ctrl.fetch(searchIssues, { q: 'sesame repo:octokit-fixture-org/search-issues' });
    expect(json(found)).toEqual(search.response);
    const users = getEntitySelectors(User).selectAll(store.getState());
    expect(users.map((user) => user.login).sort()).toEqual(['octokit-fixture-user-a', 'octokit-fixture-user-b']);
    for (const issue of found.items) expect(users).toContain(issue.user);
    expectPlainState(store.getState());
  });
});

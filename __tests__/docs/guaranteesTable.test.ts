/**
 * The "Errors and guarantees" table (docs/guide/errors-and-guarantees.md) names, for every statement, the tests that check it
 * (`guarantees/networkFaults` "404 on a detail read is hard…"): each named file exists under
 * `__tests__/`, and each quoted test name is in it, `…` standing for the rest of the name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** The last cell of each row of the table: the tests that check the statement. */
function testCells(): string[] {
  const rows = readFileSync(join(root, 'docs', 'guide', 'errors-and-guarantees.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| you can rely on') && !line.startsWith('| ---'));
  return rows.map((row) => {
    const cells = row.replace(/\s*\|\s*$/, '');
    return cells.slice(cells.lastIndexOf(' | ') + 3);
  });
}

/** Each file a cell names (`redux/dedupe`), with the test names quoted after it. */
function references(cell: string): { file: string; names: string[] }[] {
  return [...cell.matchAll(/`([^`]+)`([^`]*)/g)].map(([, file = '', quoted = '']) => ({
    file,
    names: [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, name = '']) => name.replace(/\\"/g, '"')),
  }));
}

const cells = testCells();

test('the table names at least one test file for every statement', () => {
  expect(cells.length).toBeGreaterThanOrEqual(20);
  expect(cells.filter((cell) => references(cell).length === 0)).toEqual([]);
});

test('every file it names exists, and holds every test name it quotes', () => {
  const problems: string[] = [];
  for (const { file, names } of cells.flatMap(references)) {
    const path = ['.test.ts', '.test.tsx']
      .map((extension) => join(root, '__tests__', `${file}${extension}`))
      .find((candidate) => existsSync(candidate));
    if (path === undefined) {
      problems.push(`${file}: no such test file under __tests__/`);
      continue;
    }
    const source = readFileSync(path, 'utf8');
    for (const name of names) {
      const fragments = name
        .split('…')
        .map((fragment) => fragment.trim())
        .filter((fragment) => fragment !== '');
      if (!fragments.every((fragment) => source.includes(fragment))) problems.push(`${file}: no test "${name}"`);
    }
  }
  expect(problems).toEqual([]);
});

/**
 * Development messages sit behind inline guards. Every call that writes to the console, and every
 * call of a function that exists only to build or report a development message, is either inside
 * an `if`, `&&` or `?:` whose condition tests `process.env.NODE_ENV !== 'production'` in the same
 * module (what a bundler replaces, so a production build drops the call with its message), or
 * inside one of those development-only functions. `warnOnce` reports once per id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { errorOnce, warnOnce } from '../../src/utils/devWarning';

const src = join(__dirname, '..', '..', 'src');

/**
 * The functions that only build or report development messages: a call of one of them, or of
 * `console.*`, must be guarded, unless it is made inside one of them.
 */
const DEVELOPMENT_ONLY = new Set([
  'warnOnce',
  'errorOnce',
  'missingPk',
  'claimEntityKey',
  'checkBundle',
  'reportUnreadMiddleware',
  'unreadMiddlewareMessage',
  'unreadableResponse',
]);

const GUARD = /process\.env\.NODE_ENV\s*!==\s*'production'/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The name a development-only call is known by, or `undefined` for any other call. */
function developmentCallee(call: ts.CallExpression): string | undefined {
  const { expression } = call;
  if (ts.isIdentifier(expression) && DEVELOPMENT_ONLY.has(expression.text)) return expression.text;
  if (
    ts.isPropertyAccessExpression(expression) &&
    ts.isIdentifier(expression.expression) &&
    expression.expression.text === 'console'
  )
    return `console.${expression.name.text}`;
  return undefined;
}

/** The name of the function `node` declares (a function declaration, or a const holding a function). */
function declaredName(node: ts.Node): string | undefined {
  if (ts.isFunctionDeclaration(node)) return node.name?.text;
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent))
    return ts.isIdentifier(node.parent.name) ? node.parent.name.text : undefined;
  return undefined;
}

/** Whether `node` runs only when the guard holds, or inside a development-only function. */
function isGuarded(node: ts.Node, file: ts.SourceFile): boolean {
  for (let child = node, parent = node.parent; parent !== undefined; child = parent, parent = parent.parent) {
    const name = declaredName(parent);
    if (name !== undefined && DEVELOPMENT_ONLY.has(name)) return true;
    const condition =
      ts.isIfStatement(parent) && parent.thenStatement === child
        ? parent.expression
        : ts.isConditionalExpression(parent) && parent.whenTrue === child
          ? parent.condition
          : ts.isBinaryExpression(parent) &&
              parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
              parent.right === child
            ? parent.left
            : undefined;
    if (condition !== undefined && GUARD.test(condition.getText(file))) return true;
  }
  return false;
}

/** Every development-only call in the sources, with whether it is guarded. */
function developmentCalls(): Array<{ where: string; callee: string; guarded: boolean }> {
  const calls: Array<{ where: string; callee: string; guarded: boolean }> = [];
  for (const path of sourceFiles(src)) {
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const callee = ts.isCallExpression(node) ? developmentCallee(node) : undefined;
      if (callee !== undefined) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        calls.push({ where: `${relative(src, path)}:${line}`, callee, guarded: isGuarded(node, file) });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

test('every development message is behind an inline NODE_ENV guard, where bundlers drop it', () => {
  const calls = developmentCalls();
  // the scan finds the messages (a scan that found none would pass for the wrong reason)
  expect(calls.filter((call) => call.callee === 'warnOnce').length).toBeGreaterThanOrEqual(10);
  expect(calls.filter((call) => !call.guarded)).toEqual([]);
});

test('a call outside the guard is found', () => {
  const file = ts.createSourceFile(
    'probe.ts',
    "function f() { if (ready) warnOnce('a', 'b'); if (process.env.NODE_ENV !== 'production') warnOnce('c', 'd'); }",
    ts.ScriptTarget.Latest,
    true,
  );
  const found: boolean[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && developmentCallee(node) !== undefined) found.push(isGuarded(node, file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  expect(found).toEqual([false, true]);
});

test('warnOnce and errorOnce report each id once', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    warnOnce('devWarning.test:a', 'first');
    warnOnce('devWarning.test:a', 'again');
    errorOnce('devWarning.test:b', 'rtk-entities: broken');
    errorOnce('devWarning.test:b', 'rtk-entities: broken');
    expect(warn.mock.calls).toEqual([['rtk-entities: first']]);
    expect(error.mock.calls).toEqual([['rtk-entities: broken']]);
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
});

/** The README's TypeScript code blocks, for the tests that compile and run them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One ```ts or ```tsx block of README.md. */
export interface ReadmeBlock {
  /** The line of README.md the code starts on. */
  readonly line: number;
  readonly language: 'ts' | 'tsx';
  /** The heading the block is under, without its `#`s. */
  readonly section: string;
  readonly code: string;
}

/** The README's ts and tsx blocks, in order. */
export function readmeBlocks(): ReadmeBlock[] {
  const lines = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  let section = '';
  let open: { line: number; language: 'ts' | 'tsx'; code: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      const heading = /^#+ (.*)$/.exec(text);
      if (heading !== null) section = heading[1] as string;
      const fence = /^```(ts|tsx)\s*$/.exec(text);
      if (fence !== null) open = { line: index + 2, language: fence[1] as 'ts' | 'tsx', code: [] };
    } else if (text.startsWith('```')) {
      blocks.push({ line: open.line, language: open.language, section, code: `${open.code.join('\n')}\n` });
      open = undefined;
    } else {
      open.code.push(text);
    }
  });
  return blocks;
}

/** What the example's browser tests share: a server script started on a free port, and Debian's Chromium. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Runs `script` with `PORT=0` and `env`; resolves with the child and the `http://127.0.0.1:port/` URL it prints. */
export function startServer(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (found) resolve({ child, url: found[0] });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before serving:\n${output}`)));
  });
}

/** Stops a server `startServer` started, and waits until it has exited. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Debian's Chromium (never a downloaded browser), headless, with the flags these tests run it with. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: the example's browser tests need Debian's Chromium. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Keeps `tab`'s errors and warnings in `into`, for a test to answer for; the browser's own lines for
 * failures the tests provoke, and development builds' notices, are left out.
 */
export function keepErrors(tab: Page, into: string[]): void {
  tab.on('pageerror', (error) => into.push(`pageerror: ${error.message}`));
  tab.on('console', (message) => {
    // the browser's own lines for the failures the tests provoke (a refused trade, a refused rename,
    // a failing or unreachable server)
    if (/status of (409|422|500)|net::ERR_CONNECTION_REFUSED/.test(message.text())) return;
    // development builds: Vite's and React's notices, and React's report of an error a boundary
    // caught (the tests check what the boundary shows)
    if (message.type() === 'debug' || message.type() === 'info') return;
    if (/The above error occurred in the <\w+> component/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning')
      into.push(`console.${message.type()}: ${message.text()}`);
  });
}

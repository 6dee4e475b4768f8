import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which `make test` installs; playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags this closed network needs (no background traffic). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}; make test installs the chromium package`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** One rule axe-core found broken on a page, with the elements that break it. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, colour contrast included) on the page as it is now and
 * fails with every violation listed. `where` names the page state in the failure message.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // Colours are judged as they settle, not halfway through a fade-in (endless spinners excepted).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await runner.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  if (violations.length === 0) return;
  const listed = violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
  throw new Error(
    `axe-core found ${violations.length} accessibility violation(s) on ${where} (${page.url()}, ${page.viewportSize()?.width ?? '?'} px):\n${listed}`,
  );
}

/** Fails when the page scrolls sideways: its content is wider than the window. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`${where} scrolls sideways at ${innerWidth} px: its content is ${scrollWidth} px wide`);
}

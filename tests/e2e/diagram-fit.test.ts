/**
 * Diagrams that open whole (issue 31 item 9), on the real product at 1280 × 800:
 *   - a bill's 状态图 opens fitted to its frame: the whole drawing inside the frame, centred, the
 *     frame inside the window (its lower half was cut off); 适合窗口 brings the fit back after a zoom,
 *     and zooming out of the fit leaves the drawing centred, not in a corner of an empty frame;
 *   - /diagrams opens every machine fitted and centred the same way, and on the largest one (most
 *     arrows) no arrow label lies on another (ELK routes the arrows; dagre put labels on each other).
 * Geometry, not pixels; the screenshots are for a person to look at.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { machines } from '../../machines/index.ts';
import { machineDiagram } from '../../machines/mermaid.ts';
import { FIT_MARGIN } from '../../src/components/diagram-fit.ts';
import { resultsDir, screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({ env: { SIMULATOR_DELAY_MS: '300' }, timeoutMs: 110_000, loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = s));

const size = { width: 1280, height: 800 } as const;
type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const inside = (inner: Box, outer: Box, slack = 1) =>
  inner.x >= outer.x - slack && inner.y >= outer.y - slack
  && inner.x + inner.width <= outer.x + outer.width + slack && inner.y + inner.height <= outer.y + outer.height + slack;
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** The drawing lies whole inside its frame, centred, and fills the frame's width or height (unless capped at 150 %). */
async function expectFitted(viewport: Locator, zoomText: Locator) {
  const svg = viewport.locator('svg').first();
  await expect.poll(async () => inside(await box(svg), await box(viewport))).toBe(true);
  const [drawn, frame] = [await box(svg), await box(viewport)];
  expect(Math.abs(centre(drawn).x - centre(frame).x)).toBeLessThan(3);
  expect(Math.abs(centre(drawn).y - centre(frame).y)).toBeLessThan(3);
  // fitted: a margin of FIT_MARGIN on each side of the width or of the height
  const fills = Math.abs(frame.width - drawn.width - 2 * FIT_MARGIN) < 4 || Math.abs(frame.height - drawn.height - 2 * FIT_MARGIN) < 4;
  const capped = (await zoomText.textContent()) === '150%';
  expect({ fitted: fills || capped, drawn, frame }).toMatchObject({ fitted: true });
}

describe('状态图 of a bill at 1280 × 800', () => {
  it('opens fitted to its frame (whole, centred), 适合窗口 fits again, zooming out keeps it centred', async () => {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/bill/export/order`);
    await page.locator('main [data-page]:visible').getByRole('link', { name: 'SO20261121001' }).first().click();
    await page.locator('main [data-page]:visible').getByRole('button', { name: '状态图', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '单据状态图（当前状态已高亮）' });
    const viewport = dialog.getByTestId('diagram-viewport');
    const zoom = dialog.getByTestId('diagram-zoom');
    await viewport.locator('svg g.current').first().waitFor({ timeout: 30_000 });

    // the frame and the 可执行 line below it are inside the window: nothing of the dialog is cut off
    expect(inside(await box(viewport), { x: 0, y: 0, ...size })).toBe(true);
    expect(inside(await box(dialog.getByTestId('next-actions')), { x: 0, y: 0, ...size })).toBe(true);
    await expectFitted(viewport, zoom);
    await screenshot(page, 'diagram-fit-lifecycle-1280x800');

    const percent = async () => Number((await zoom.textContent())!.replace('%', ''));
    const fitted = await percent();
    await dialog.getByRole('button', { name: '放大' }).click();
    await dialog.getByRole('button', { name: '放大' }).click();
    await expect.poll(percent).toBeGreaterThan(fitted);
    await dialog.getByRole('button', { name: '适合窗口' }).click();
    await expect.poll(percent).toBe(fitted);
    await expectFitted(viewport, zoom);

    // zooming out of the fit: still whole and centred (it sat in the top-left corner of an empty frame)
    await dialog.getByRole('button', { name: '缩小' }).click();
    const svg = viewport.locator('svg').first();
    await expect.poll(async () => inside(await box(svg), await box(viewport))).toBe(true);
    const [drawn, frame] = [await box(svg), await box(viewport)];
    expect(Math.abs(centre(drawn).x - centre(frame).x)).toBeLessThan(3);
    expect(Math.abs(centre(drawn).y - centre(frame).y)).toBeLessThan(3);
    await page.keyboard.press('Escape');
  });
});

describe('/diagrams at 1280 × 800', () => {
  // the machine with the most arrows: where labels crowd
  const largest = machines
    .map((entry) => ({ entry, arrows: machineDiagram(entry.machine).source.split('\n').filter((l) => l.includes('-->')).length }))
    .sort((a, b) => b.arrows - a.arrows)[0]!.entry;

  it(`opens every machine fitted and centred; on the largest (${largest.name}) no arrow label lies on another`, async () => {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/diagrams`);
    await expect.poll(() => page.locator('section [data-testid=diagram-viewport] svg').count(), { timeout: 90_000 }).toBe(machines.length);
    for (const entry of machines) {
      const section = page.locator(`section#${entry.name}`);
      await section.scrollIntoViewIfNeeded();
      await expectFitted(section.getByTestId('diagram-viewport'), section.getByTestId('diagram-zoom'));
    }

    const section = page.locator(`section#${largest.name}`);
    const clashes = await section.locator('svg').first().evaluate((svg) => {
      const labels = [...svg.querySelectorAll('g.edgeLabel')]
        .filter((e) => (e.textContent ?? '').trim() !== '')
        .map((e) => ({ text: (e.textContent ?? '').trim(), r: e.getBoundingClientRect() }));
      const hit = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      const found: string[] = [];
      labels.forEach((a, i) => {
        for (const b of labels.slice(i + 1)) if (hit(a.r, b.r)) found.push(`${a.text} × ${b.text}`);
      });
      return found;
    });
    expect(clashes).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(resultsDir, `diagram-fit-${largest.name}.png`) });
    problems.assertNone();
  }, 240_000);
});

// <gradsync-sim> and embed.html in real Chromium: two figures on one page step independently, the
// step event and the attributes drive them, markup in an attribute stays text, the host page's
// styles stay out, GPU work waits until a figure is on screen, and the iframe page reports its height.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { doubleTree } from '../../src/core/algorithms/doubleTree';
import { ring } from '../../src/core/algorithms/ring';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/embed.test.ts');

const PAGES = '/test/e2e/embedPages/';

interface Figure extends HTMLElement {
  step(): void;
  back(): void;
  reset(): void;
  play(): void;
  pause(): void;
  readonly currentStep: number;
  readonly totalSteps: number;
}

describe.skipIf(skipReason !== null)('embedded figures in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function open(page: string, init?: () => void): Promise<Page> {
    const tab = await session.open(PAGES + page, init);
    if (page !== 'iframe.html') await tab.waitForFunction(() => customElements.get('gradsync-sim') !== undefined);
    return tab;
  }

  const steps = (tab: Page, id: string) =>
    tab.evaluate((selector) => {
      const figure = document.querySelector(selector) as Figure;
      return { current: figure.currentStep, total: figure.totalSteps };
    }, `#${id}`);

  it('steps one figure and leaves the other at step 0', async () => {
    const tab = await open('two.html');
    expect(await steps(tab, 'ring')).toEqual({ current: 0, total: ring.build({ devices: 4 }).steps.length });
    expect((await steps(tab, 'ring')).total).toBe(6);
    expect(await steps(tab, 'dtree')).toEqual({ current: 0, total: doubleTree.build({ devices: 8 }).steps.length });
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).step());
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).step());
    expect(await steps(tab, 'ring')).toEqual({ current: 2, total: 6 });
    expect((await steps(tab, 'dtree')).current).toBe(0);
    // The figure shows it too: its narration moved, the other's did not.
    const narration = (id: string) => tab.locator(`#${id}`).getByRole('region', { name: 'Narration' }).locator('h2').textContent();
    await expect.poll(() => narration('ring')).toMatch(/^Step 2 of 6/);
    // The lower figure has controls="minimal": a small bar with the step count and no narration.
    expect(await tab.locator('#dtree .gs-step-count').textContent()).toMatch(/^0\s*\/\s*\d+$/);
    expect(await tab.locator('#dtree').getByRole('region', { name: 'Narration' }).count()).toBe(0);
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).back());
    await tab.evaluate(() => (document.querySelector('#dtree') as Figure).step());
    expect((await steps(tab, 'ring')).current).toBe(1);
    expect((await steps(tab, 'dtree')).current).toBe(1);
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).reset());
    expect((await steps(tab, 'ring')).current).toBe(0);
    // Keys act on the figure that has focus, never on the other one.
    await tab.locator('#ring .gs-embed').focus();
    await tab.keyboard.press('ArrowRight');
    await tab.keyboard.press('ArrowRight');
    expect((await steps(tab, 'ring')).current).toBe(2);
    expect((await steps(tab, 'dtree')).current).toBe(1);
    await tab.close();
  }, 60_000);

  it('dispatches gradsync-step with the step and the total after every change', async () => {
    const tab = await open('two.html');
    const details = await tab.evaluate(() => {
      const seen: unknown[] = [];
      document.body.addEventListener('gradsync-step', (event) => seen.push({ target: (event.target as Element).id, ...(event as CustomEvent).detail }));
      const figure = document.querySelector('#ring') as Figure;
      figure.step();
      figure.step();
      figure.back();
      return seen;
    });
    expect(details).toEqual([
      { target: 'ring', step: 1, total: 6 },
      { target: 'ring', step: 2, total: 6 },
      { target: 'ring', step: 1, total: 6 },
    ]);
    await tab.close();
  }, 60_000);

  it('re-renders the same element when an attribute changes', async () => {
    const tab = await open('two.html');
    await tab.evaluate(() => {
      (window as unknown as { before: Element }).before = document.querySelector('#ring')!;
      document.querySelector('#ring')!.setAttribute('devices', '8');
    });
    expect(await steps(tab, 'ring')).toEqual({ current: 0, total: ring.build({ devices: 8 }).steps.length });
    expect((await steps(tab, 'ring')).total).toBe(14);
    expect(await tab.evaluate(() => (window as unknown as { before: Element }).before === document.querySelector('#ring'))).toBe(true);
    await expect.poll(() => tab.locator('#ring').getByRole('region', { name: 'Narration' }).innerText()).toMatch(/GPU-3 holds d₁…d₈ and so on/);
    await expect.poll(() => tab.locator('#ring .gs-step-count').innerText()).toMatch(/0\s*\/\s*14/);
    // The step attribute moves it; controls and theme change its frame, not its state.
    await tab.evaluate(() => document.querySelector('#ring')!.setAttribute('step', '3'));
    expect((await steps(tab, 'ring')).current).toBe(3);
    await tab.evaluate(() => document.querySelector('#ring')!.setAttribute('controls', 'full'));
    await expect
      .poll(() =>
        tab
          .locator('#ring')
          .getByRole('region', { name: /Metrics|Traffic/i })
          .count(),
      )
      .toBeGreaterThan(0);
    // A camelCase key is observed too, though HTML lowers the attribute's name.
    const metrics = tab
      .locator('#ring')
      .getByRole('region', { name: /Metrics|Traffic/i })
      .first();
    await tab.evaluate(() => document.querySelector('#ring')!.setAttribute('latencyUs', '777'));
    await expect.poll(() => metrics.innerText()).toContain('777 µs');
    await tab.evaluate(() => document.querySelector('#ring')!.setAttribute('theme', 'dark'));
    expect(await tab.locator('#ring .gs-root').getAttribute('data-theme')).toBe('dark');
    expect((await steps(tab, 'ring')).current).toBe(3);
    await tab.close();
  }, 60_000);

  it('takes an MSCCL XML algorithm written out in its schedule attribute, scratch and all', async () => {
    const tab = await open('two.html');
    const xml = readFileSync('test/fixtures/msccl/allreduce_ring_oop.xml', 'utf8');
    await tab.evaluate((text) => document.querySelector('#ring')!.setAttribute('schedule', text), xml);
    await expect.poll(() => steps(tab, 'ring'), { timeout: 10_000 }).toEqual({ current: 0, total: 4 });
    // 3 GPUs, each with an input and an output of 3 chunks and 1 chunk of scratch.
    await expect.poll(() => tab.locator('#ring .gs-dv-cell').count()).toBe(3 * 7);
    expect(await tab.locator('#ring .gs-dv-cell--scratch').count()).toBe(3);
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).step());
    await expect
      .poll(() => tab.locator('#ring').getByRole('region', { name: 'Narration' }).innerText())
      .toContain('GPU-0 adds a₃ from input chunk 3 to c₃ in scratch chunk 1.');
    await tab.close();
  }, 60_000);

  it('shows markup in an attribute as text and runs no script from it', async () => {
    const tab = await open('inject.html');
    const notice = tab.locator('#bad').getByText(/algorithm must be one of/);
    await notice.waitFor();
    expect(await notice.innerText()).toContain('<img src=x onerror=');
    expect(await steps(tab, 'bad')).toEqual({ current: 0, total: 6 });
    await tab.evaluate(() => document.querySelector('#bad')!.setAttribute('devices', '<svg onload="window.__pwned=2">'));
    await tab
      .locator('#bad')
      .getByText(/devices must be an integer/)
      .waitFor();
    await tab.waitForTimeout(300);
    expect(await tab.evaluate(() => document.querySelector('#bad')!.shadowRoot!.querySelectorAll('img, svg[onload], [onerror]').length)).toBe(0);
    expect(await tab.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await tab.close();
  }, 60_000);

  it('keeps the host page’s styles out and its own styles in', async () => {
    const tab = await open('two.html');
    const inside = await tab.locator('#ring .gs-play').evaluate((button) => {
      const style = getComputedStyle(button);
      const root = getComputedStyle(button.closest('.gs-root')!);
      return {
        background: style.backgroundColor,
        display: getComputedStyle(button.closest('.gs-controls')!).display,
        letterSpacing: root.letterSpacing,
        fontStyle: root.fontStyle,
      };
    });
    expect(inside.background).not.toBe('rgb(255, 0, 0)');
    expect(inside.display).toBe('flex');
    expect(inside.letterSpacing).toBe('normal');
    expect(inside.fontStyle).toBe('normal');
    const outside = await tab.locator('#outside').evaluate((p) => getComputedStyle(p).borderTopStyle);
    expect(outside).toBe('none');
    await tab.close();
  }, 60_000);

  it('asks for the GPU only once a figure is on screen, and pauses it off-screen', async () => {
    const tab = await open('two.html', () => {
      const counts = { adapters: 0 };
      (window as unknown as { __gpu: typeof counts }).__gpu = counts;
      const gpu = navigator.gpu;
      if (gpu) {
        const request = gpu.requestAdapter.bind(gpu);
        gpu.requestAdapter = (options) => {
          counts.adapters++;
          return request(options);
        };
      }
    });
    const adapters = () => tab.evaluate(() => (window as unknown as { __gpu: { adapters: number } }).__gpu.adapters);
    await expect.poll(adapters).toBeGreaterThan(0);
    await tab.waitForTimeout(500);
    // Only the figure at the top has asked (the one below the spacer has not been seen).
    const top = await adapters();
    // The top figure plays at speed 8; scrolled away it stops, scrolled back it goes on.
    await tab.evaluate(() => (document.querySelector('#ring') as Figure).play());
    await expect.poll(async () => (await steps(tab, 'ring')).current).toBeGreaterThan(0);
    await tab.evaluate(() => document.querySelector('#dtree')!.scrollIntoView());
    await expect.poll(adapters).toBe(2 * top);
    await expect.poll(() => tab.locator('#ring .gs-play').getAttribute('aria-label')).toBe('Play (Space)');
    const stopped = (await steps(tab, 'ring')).current;
    await tab.waitForTimeout(400);
    expect((await steps(tab, 'ring')).current).toBe(stopped);
    if (stopped < 6) {
      await tab.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(async () => (await steps(tab, 'ring')).current).toBeGreaterThan(stopped);
    }
    await tab.close();
  }, 60_000);

  it('disposes a removed figure and starts again where it was when put back', async () => {
    const tab = await open('two.html');
    const after = await tab.evaluate(() => {
      const figure = document.querySelector('#ring') as Figure;
      figure.step();
      const parent = figure.parentElement!;
      figure.remove();
      const detached = figure.shadowRoot!.querySelectorAll('.gs-root').length;
      parent.prepend(figure);
      return { detached, current: figure.currentStep, total: figure.totalSteps };
    });
    expect(after).toEqual({ detached: 0, current: 1, total: 6 });
    await tab.close();
  }, 60_000);

  it('tells the parent page its height from embed.html', async () => {
    const tab = await open('iframe.html');
    await expect.poll(() => tab.evaluate(() => (window as unknown as { __heights: number[] }).__heights.length)).toBeGreaterThan(0);
    const frame = tab.frameLocator('#figure');
    await frame.getByRole('region', { name: 'Narration' }).waitFor();
    await expect.poll(() => tab.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1)!)).toBeGreaterThan(400);
    const reported = await tab.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1)!);
    const content = await frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    expect(reported).toBe(content);
    expect(await tab.locator('#figure').evaluate((iframe) => iframe.getBoundingClientRect().height)).toBe(reported);
    // The figure in the iframe steps with its keys.
    await frame.locator('.gs-embed').focus();
    await tab.keyboard.press('ArrowRight');
    await expect.poll(() => frame.getByRole('region', { name: 'Narration' }).locator('h2').textContent()).toMatch(/^Step 1 of 6/);
    await tab.close();
  }, 60_000);

  it('shows a bad attribute’s line at the top of a minimal figure, above its picture, inside the room it keeps, at 760 and 390 px', async () => {
    const tab = await open('column.html');
    for (const width of [760 + 48, 390]) {
      await tab.setViewportSize({ width, height: 900 });
      const bad = tab.locator('#bad');
      const note = bad.locator('.gs-embed-note');
      await note.waitFor();
      await bad.scrollIntoViewIfNeeded();
      expect(await note.innerText()).toMatch(/^⚠\s*algorithm must be one of naive, master, ring, .*got “rnig”, using the default/);
      const figure = (await bad.boundingBox())!;
      const line = (await note.boundingBox())!;
      expect([width, line.y >= figure.y, line.y + line.height <= figure.y + figure.height]).toEqual([width, true, true]);
      // Seen, not scrolled out of the figure's frame; and the figure is as tall as one without a note.
      expect(
        await note.evaluate((element) => {
          const frame = element.closest('.gs-embed')!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return box.bottom <= frame.bottom + 0.5 && box.top >= frame.top;
        }),
      ).toBe(true);
      expect(figure.height).toBe((await tab.locator('#good').boundingBox())!.height);
      // The picture gave it room and still shows the devices, below the line an author sees first.
      const picture = (await bad.locator('.gs-devices').boundingBox())!;
      expect(picture.height).toBeGreaterThan(200);
      expect(line.y + line.height).toBeLessThanOrEqual(picture.y + 0.5);
    }
    await tab.close();
  }, 60_000);

  it('keeps a full figure’s metrics inside it on a 390 px phone', async () => {
    const tab = await open('column.html');
    await tab.setViewportSize({ width: 390, height: 844 });
    const metrics = tab.locator('#full .gs-metrics');
    await metrics.locator('.gs-traffic-chart svg').waitFor();
    await metrics.scrollIntoViewIfNeeded();
    // The chart measures its width once drawn: wait until it has taken the panel's.
    await expect
      .poll(() =>
        metrics.evaluate((panel) =>
          [...panel.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > panel.getBoundingClientRect().right + 0.5)
            .map((el) => el.getAttribute('class') ?? el.tagName),
        ),
      )
      .toEqual([]);
    expect(await metrics.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await tab.close();
  }, 60_000);

  it('follows the page’s theme with theme auto (the default): its background, else its colour scheme, and the reader’s only where the page offers both; light or dark where the attribute says', async () => {
    const tab = await open('column.html');
    /** The figure's background, light (above 0.5) or dark, by its luminance. */
    const lightness = (id: string) =>
      tab.locator(`#${id} .gs-root`).evaluate((root) => {
        const [r, g, b] = getComputedStyle(root).backgroundColor.match(/\d+/g)!.map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.5 ? 'light' : 'dark';
      });
    const each = async (want: 'light' | 'dark', why: string) => {
      for (const id of ['good', 'full', 'train']) await expect.poll(() => lightness(id), { message: `${id}: ${why}` }).toBe(want);
      expect(await lightness('light')).toBe('light');
      expect(await lightness('dark')).toBe('dark');
    };
    // A page with no background or scheme of its own is white, whatever the reader's system.
    for (const scheme of ['light', 'dark'] as const) {
      await tab.emulateMedia({ colorScheme: scheme });
      await each('light', `a plain page, reader ${scheme}`);
    }
    // A page that offers both follows the reader, as it changes.
    await tab.evaluate(() => (document.documentElement.style.colorScheme = 'light dark'));
    await each('dark', 'a page of both schemes, reader dark');
    await tab.emulateMedia({ colorScheme: 'light' });
    await each('light', 'a page of both schemes, reader light');
    // A dark post stays dark for a reader whose system is light.
    await tab.evaluate(() => (document.body.style.background = '#15161a'));
    await each('dark', 'a dark page, reader light');
    await tab.close();
  }, 60_000);

  it('puts the loader in the blog example as the README tells authors, and serves it and the stylesheet under the dev server', async () => {
    const tab = await open('two.html');
    const loader = '<script src="/embed/gradsync.js"></script>';
    const blog = await tab.evaluate(() => fetch('/examples/blog.html').then((response) => response.text()));
    expect(blog).toContain(loader);
    expect(blog.indexOf(loader)).toBeLessThan(blog.indexOf('</head>'));
    expect(readFileSync('README.md', 'utf8')).toContain(loader);
    const reserve = readFileSync('src/embed/reserve.css', 'utf8');
    const sheet = await tab.evaluate(() =>
      fetch('/embed/gradsync-embed.css').then(async (response) => [response.headers.get('content-type'), await response.text()]),
    );
    expect(sheet).toEqual(['text/css', reserve]);
    // The loader carries the same rules, to put in the page where it runs.
    const script = await tab.evaluate(() =>
      fetch('/embed/gradsync.js').then(async (response) => [response.headers.get('content-type'), await response.text()]),
    );
    expect(script[0]).toBe('text/javascript');
    expect(script[1]).toContain(JSON.stringify(reserve));
    await tab.close();
  }, 60_000);

  /** What the element's ::before says and whether it shows, in the page's own words. */
  const note = (tab: Page, id: string) =>
    tab.locator(`#${id}`).evaluate((el) => {
      const style = getComputedStyle(el, '::before');
      return { text: style.content, shown: style.visibility === 'visible' && style.display !== 'none', height: el.getBoundingClientRect().height };
    });

  it('says where a figure would be that its script has not loaded, in the room it keeps, and leaves an author’s own words', async () => {
    // A tab of its own: the missing module is a console error this test means to cause.
    const tab = await session.browser.context.newPage();
    await tab.setViewportSize({ width: 808, height: 900 });
    await tab.goto(new URL(PAGES + 'unloaded.html', session.server.url).href);
    expect(await tab.evaluate(() => customElements.get('gradsync-sim'))).toBeUndefined();
    // Not at once (a script on its way defines the element first), then plainly.
    expect((await note(tab, 'sim')).shown).toBe(false);
    await expect.poll(async () => (await note(tab, 'sim')).shown, { timeout: 8_000 }).toBe(true);
    for (const id of ['sim', 'train']) {
      const { text, height } = await note(tab, id);
      expect(text).toMatch(/^"This gradsync figure did not load: check the address of gradsync\.js in the page’s <script> tag\."$/);
      expect(height).toBeGreaterThan(600);
    }
    expect((await note(tab, 'own')).text).toBe('none');
    await tab.close();
  }, 60_000);

  it("says why, naming the address, in the blog example when the figures' module does not load", async () => {
    const tab = await session.browser.context.newPage();
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.route('**/embed/gradsync-embed.js', (route) => route.fulfill({ status: 404, body: '' }));
    await tab.goto(new URL('/examples/blog.html', session.server.url).href);
    for (const id of ['ring', 'dtree', 'train']) {
      await expect
        .poll(async () => (await note(tab, id)).text)
        .toBe(`"This figure could not load: its script ${new URL('/embed/gradsync-embed.js', session.server.url).href} did not load."`);
      expect((await note(tab, id)).shown).toBe(true);
    }
    await tab.close();
  }, 60_000);

  it('says a figure is loading, never that it failed, while a slow connection brings its module', async () => {
    const tab = await session.browser.context.newPage();
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.route('**/embed/gradsync-embed.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await route.continue();
    });
    // The module on its way holds back the page's load event: the page is looked at as it comes.
    await tab.goto(new URL('/examples/blog.html', session.server.url).href, { waitUntil: 'commit' });
    // Past the 4 s after which a figure whose script never came says so.
    await tab.waitForTimeout(4_500);
    for (const id of ['ring', 'dtree', 'train']) expect(await note(tab, id), id).toMatchObject({ text: '"Loading the gradsync figure…"', shown: true });
    await expect.poll(() => tab.evaluate(() => customElements.get('gradsync-sim') !== undefined), { timeout: 20_000 }).toBe(true);
    expect(await tab.evaluate(() => document.documentElement.hasAttribute('data-gradsync-loading'))).toBe(false);
    await tab.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});

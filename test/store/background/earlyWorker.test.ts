import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, ResolvedConfig } from 'vite';
import { earlyWorker } from '../../../scripts/earlyWorker';
import { ADDRESS_MESSAGE, EARLY_WORKER_GLOBAL } from '../../../src/store/background/earlyWorker';

type Handler = (html: string, context: Partial<IndexHtmlTransformContext>) => HtmlTagDescriptor[];

function pluginFor(base: string): Handler {
  const plugin = earlyWorker();
  (plugin.configResolved as (config: Pick<ResolvedConfig, 'base'>) => void)({ base });
  return (plugin.transformIndexHtml as { handler: Handler }).handler;
}

describe('the early background worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is started by the built page’s HTML from the worker file the bundle has, under the page’s base', () => {
    const bundle = { 'assets/main-Dcs1.js': {}, 'assets/background.worker-DUE-uy_n.js': {} } as unknown as IndexHtmlTransformContext['bundle'];
    const [tag, ...rest] = pluginFor('/gradsync/')('<html></html>', { bundle });
    expect(rest).toEqual([]);
    expect(tag.tag).toBe('script');
    expect(tag.injectTo).toBe('head-prepend');
    expect(tag.children).toContain(
      `new Worker(new URL("/gradsync/assets/background.worker-DUE-uy_n.js", document.baseURI), { type: 'module', name: 'gradsync-background' })`,
    );
    // It tells the worker the page's address, and leaves the worker where the page's script looks.
    expect(tag.children).toContain(`worker.postMessage({ id: 0, kind: '${ADDRESS_MESSAGE}', search: location.search })`);
    expect(tag.children).toContain(`window.${EARLY_WORKER_GLOBAL} = worker;`);
    // The dev server has no bundle: the page's script starts the worker itself.
    expect(pluginFor('/')('<html></html>', {})).toEqual([]);
  });

  it('is the worker the page’s background talks to, taken once', async () => {
    class FakeWorker {
      onmessage: unknown = null;
      onerror: unknown = null;
      postMessage(): void {}
      terminate(): void {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    const early = new FakeWorker();
    vi.stubGlobal(EARLY_WORKER_GLOBAL, early);
    const { pageBackground } = await import('../../../src/store/background/pageBackground');
    const background = pageBackground();
    expect(background).not.toBeNull();
    expect(pageBackground()).toBe(background);
    expect(typeof early.onmessage).toBe('function');
    expect(EARLY_WORKER_GLOBAL in globalThis).toBe(false);
  });
});

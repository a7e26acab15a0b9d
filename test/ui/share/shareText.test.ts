import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type SimConfig } from '../../../src/store/config';
import { parseUrlState } from '../../../src/store/url';
import { gifSteps } from '../../../src/ui/share/gifRecorder';
import { embedScriptUrl, embedSnippet, embedToShare, escapeHtml, exportName, shareLink } from '../../../src/ui/share/shareText';

const config = (patch: Partial<SimConfig>): SimConfig => ({ ...DEFAULT_CONFIG, ...patch });
const SCRIPT = 'https://example.org/app/embed/gradsync.js';

describe('share text', () => {
  it('links to the exact configuration and step, which the app reads back', () => {
    for (const step of [0, 1, 5]) {
      const shown = config({ algorithm: 'double-tree', devices: 16, elements: 4096, bandwidthGBs: 25 });
      const link = shareLink('https://example.org', '/app/', shown, step);
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}`).toBe('https://example.org/app/');
      expect(parseUrlState(url.search)).toEqual({ config: shown, step, notices: [] });
    }
  });

  it('escapes quotes, angle brackets and ampersands in attribute values', () => {
    const snippet = embedSnippet(config({ algorithm: 'ring" onmouseover="alert(1)' }), SCRIPT);
    expect(snippet.split('\n')[1]).toBe('<gradsync-sim algorithm="ring&quot; onmouseover=&quot;alert(1)" devices="4"></gradsync-sim>');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
    expect(embedSnippet(config({}), 'https://x.org/a"b.js').split('\n')[0]).toBe('<script src="https://x.org/a&quot;b.js"></script>');
  });

  it('embeds in two lines, the loader and the element, algorithm and devices always and other keys only where they differ from the defaults', () => {
    expect(embedSnippet(config({}), SCRIPT)).toBe(`<script src="${SCRIPT}"></script>\n<gradsync-sim algorithm="ring" devices="4"></gradsync-sim>`);
    expect(embedSnippet(config({ op: 'max', chunks: 8, devicesPerNode: 8, latencyUs: 0.5 }), SCRIPT).split('\n')[1]).toBe(
      '<gradsync-sim algorithm="ring" devices="4" chunks="8" op="max" latencyUs="0.5"></gradsync-sim>',
    );
    expect(embedSnippet(config({ collective: 'broadcast', algorithm: 'binomial-tree' }), SCRIPT).split('\n')[1]).toBe(
      '<gradsync-sim collective="broadcast" algorithm="binomial-tree" devices="4"></gradsync-sim>',
    );
    // A step past the start travels too: the figure opens where the author was.
    expect(embedToShare(SCRIPT, { config: config({}), step: 3, schedule: null })).toEqual({
      text: `<script src="${SCRIPT}"></script>\n<gradsync-sim algorithm="ring" devices="4" step="3"></gradsync-sim>`,
    });
  });

  it('places the embed loader beside the app', () => {
    expect(embedScriptUrl('https://example.org', '/app/')).toBe(SCRIPT);
    expect(embedScriptUrl('https://example.org', '/app/index.html')).toBe(SCRIPT);
    expect(embedScriptUrl('http://localhost:5173', '/')).toBe('http://localhost:5173/embed/gradsync.js');
  });

  it('names export files after the algorithm and device count, safe for any file system', () => {
    expect(exportName('ring', 4, 'trace', 'json')).toBe('gradsync-ring-4gpu-trace.json');
    expect(exportName('my/../schedule v2', 8, 'step3', 'svg')).toBe('gradsync-my-schedule-v2-8gpu-step3.svg');
    expect(exportName('', 2, '', 'gif')).toBe('gradsync-schedule-2gpu.gif');
  });
});

describe('gifSteps', () => {
  it('takes every step of a short run', () => {
    expect(gifSteps(0)).toEqual([0]);
    expect(gifSteps(6)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('thins a long run evenly, keeping its first and last step', () => {
    for (const total of [200, 2046]) {
      const steps = gifSteps(total, 120);
      expect(steps.length).toBe(120);
      expect(steps[0]).toBe(0);
      expect(steps.at(-1)).toBe(total);
      for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]);
    }
  });
});

// @vitest-environment jsdom
// A compact training figure's disclosures: while the reader has one open, the element is marked so its
// room (reserve.css) lets it grow; closing the last one gives the room back.

import { afterEach, describe, expect, it } from 'vitest';
import { growWithDisclosures, OPEN_ATTRIBUTE } from '../../src/embed/disclosureRoom';

/** Waits for the toggle event `details` fires after its open attribute changes. */
const toggled = (details: HTMLDetailsElement, open: boolean) =>
  new Promise<void>((resolve) => {
    details.addEventListener('toggle', () => resolve(), { once: true });
    details.open = open;
  });

describe('a figure with disclosures', () => {
  afterEach(() => document.body.replaceChildren());

  it('is marked while any of its disclosures is open, in its shadow root', async () => {
    const element = document.createElement('gradsync-train');
    document.body.append(element);
    const shadow = element.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<details><summary>Ports</summary>…</details><details><summary>Memory per device</summary>…</details>';
    const [ports, memory] = shadow.querySelectorAll('details');
    const stop = growWithDisclosures(shadow, element);
    await toggled(ports, true);
    expect(element.hasAttribute(OPEN_ATTRIBUTE)).toBe(true);
    await toggled(memory, true);
    await toggled(ports, false);
    expect(element.hasAttribute(OPEN_ATTRIBUTE)).toBe(true);
    await toggled(memory, false);
    expect(element.hasAttribute(OPEN_ATTRIBUTE)).toBe(false);
    stop();
    await toggled(ports, true);
    expect(element.hasAttribute(OPEN_ATTRIBUTE)).toBe(false);
  });
});

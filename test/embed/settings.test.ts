import { describe, expect, it } from 'vitest';
import { URL_KEYS } from '../../src/store/url';
import { OWN_KEYS, unknownAttributes } from '../../src/embed/settings';
import { TRAIN_KEYS } from '../../src/embed/trainSettings';

const SIM_KEYS = [...URL_KEYS, ...OWN_KEYS];

describe('attributes a figure does not read', () => {
  it('names each one, with the attribute meant where it is close', () => {
    expect(unknownAttributes(['algo', 'device', 'algorithm', 'devices'], SIM_KEYS)).toEqual([
      'unknown attribute “algo” is ignored; did you mean “algorithm”?',
      'unknown attribute “device” is ignored; did you mean “devices”?',
    ]);
    expect(unknownAttributes(['colour'], SIM_KEYS)).toEqual(['unknown attribute “colour” is ignored']);
    expect(unknownAttributes(['stratgy'], TRAIN_KEYS)).toEqual(['unknown attribute “stratgy” is ignored; did you mean “strategy”?']);
  });

  it('leaves the page’s own and HTML’s alone, and reads names as HTML lowers them', () => {
    expect(unknownAttributes(['id', 'class', 'style', 'data-figure', 'aria-label', 'hidden', 'latencyus', 'theme', 'step'], SIM_KEYS)).toEqual([]);
  });
});

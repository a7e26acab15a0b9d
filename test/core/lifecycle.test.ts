import { describe, expect, it } from 'vitest';
import { Lifecycle } from '../../src/core/lifecycle';

type Light = 'red' | 'green' | 'amber' | 'off';

const light = () =>
  new Lifecycle<Light>('light', 'red', {
    red: ['green', 'off'],
    green: ['amber', 'off'],
    amber: ['red', 'off'],
    off: [],
  });

describe('a lifecycle', () => {
  it('moves along the transitions its table lists, and says where it is', () => {
    const life = light();
    life.to('green');
    life.to('amber');
    expect(life.state).toBe('amber');
    expect(life.is('amber', 'red')).toBe(true);
    expect(life.is('green')).toBe(false);
  });

  it('refuses a move its table does not list, naming the object and both states, and stays put', () => {
    const life = light();
    expect(() => life.to('amber')).toThrow('light: no transition from red to amber');
    expect(life.state).toBe('red');
    life.to('off');
    expect(() => life.to('red')).toThrow(/from off to red/);
  });

  it('treats staying in the same state as allowed (a second destroy, say)', () => {
    const life = light();
    life.to('off');
    expect(() => life.to('off')).not.toThrow();
  });
});

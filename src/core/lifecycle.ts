// One explicit state for an object with a lifecycle (an engine, an embedded figure), moved only along
// the transitions its table allows, as d3-transition moves a transition from CREATED to ENDED: a
// move the table does not list is a bug of ours and fails at once instead of leaving flags that
// disagree.

import { invariant } from './errors';

export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export class Lifecycle<S extends string> {
  #state: S;

  constructor(
    private readonly name: string,
    initial: S,
    private readonly transitions: Transitions<S>,
  ) {
    this.#state = initial;
  }

  get state(): S {
    return this.#state;
  }

  is(...states: S[]): boolean {
    return states.includes(this.#state);
  }

  /** Moves to `next`; staying where it is counts as allowed. */
  to(next: S): void {
    if (next === this.#state) return;
    invariant(this.transitions[this.#state].includes(next), `${this.name}: no transition from ${this.#state} to ${next}`);
    this.#state = next;
  }
}

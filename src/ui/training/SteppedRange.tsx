// A slider over a list of stops (bucket sizes, device counts, models): its label shows the value, the
// arrow keys, Page Up/Down, Home and End move it as any range does, and a screen reader hears the value
// rather than the stop's index. Children sit beside the slider (a field for a value that is no stop).

import { useId, type ReactNode } from 'react';

export interface SteppedRangeProps<T> {
  /** What it sets: "Devices"; the slider's accessible name. */
  name: string;
  stops: readonly T[];
  /** The stop shown. */
  index: number;
  /** The value in words: "64", "25 MiB", "GPT-2 XL, 1.56 B parameters". */
  text(value: T): string;
  onChange(value: T): void;
  children?: ReactNode;
}

export function SteppedRange<T>({ name, stops, index, text, onChange, children }: SteppedRangeProps<T>) {
  const id = useId();
  const value = text(stops[index]);
  return (
    <div className={`gs-train-range gs-train-range--${name.toLowerCase()}`}>
      <label htmlFor={id}>
        {name} <output htmlFor={id}>{value}</output>
      </label>
      <span className="gs-train-range-row">
        <input
          id={id}
          type="range"
          min={0}
          max={stops.length - 1}
          step={1}
          value={index}
          aria-label={name}
          aria-valuetext={value}
          onChange={(event) => onChange(stops[Number(event.target.value)])}
        />
        {children}
      </span>
    </div>
  );
}

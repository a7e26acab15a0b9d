// A whole-number field of the configuration bar: applies on Enter or when left; a bad number is said
// next to the field and nothing changes. Escape gives the field its value back.

import { useId, useState, type KeyboardEvent } from 'react';

export interface ConfigNumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** A further rule: what is wrong with a number in range, or null. */
  check?: (value: number) => string | null;
  /** The label may wrap to the field's width (a long label in a crowded bar). */
  wrapLabel?: boolean;
  onApply(value: number): void;
}

export function ConfigNumberField({ label, value, min, max, check, wrapLabel = false, onApply }: ConfigNumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const apply = () => {
    if (text === null) return;
    const parsed = Number(text);
    if (text.trim() === '' || !Number.isInteger(parsed) || parsed < min || parsed > max) {
      setProblem(`${label}: a whole number from ${min} to ${max.toLocaleString('en-US')}`);
      return;
    }
    const wrong = check?.(parsed) ?? null;
    if (wrong !== null) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    setText(null);
    if (parsed !== value) onApply(parsed);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply();
    if (event.key === 'Escape') {
      setText(null);
      setProblem(null);
    }
  };
  return (
    <label className={wrapLabel ? 'gs-field gs-field-wrap' : 'gs-field'}>
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text ?? String(value)}
        // Named by the label alone: the problem under it is its description, not its name.
        aria-label={label}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={onKey}
      />
      {problem && (
        <span id={problemId} className="gs-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}

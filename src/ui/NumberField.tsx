// A number input that applies valid values as they are typed and explains invalid ones inline,
// leaving the configuration as it was. Follows the value when it changes elsewhere (URL, other views).
// With `onEmpty`, an empty field is valid too: it stands for null, and `emptyMeans` says what that is.

import { useEffect, useId, useState } from 'react';
import { refused, type Refused } from '../core/errors';

export type Parsed = { ok: true; value: number } | Refused;

export interface NumberFieldProps {
  label: string;
  unit?: string;
  value: number | null;
  step?: string;
  parse(text: string): Parsed;
  onValid(value: number): void;
  /** Makes an empty field valid: called when it is emptied (the value is then null). */
  onEmpty?(): void;
  /** The placeholder of an empty field ("12 to fill"). */
  emptyMeans?: string;
}

export function NumberField({ label, unit, value, step = 'any', parse, onValid, onEmpty, emptyMeans }: NumberFieldProps) {
  const id = useId();
  const shown = (v: number | null) => (v === null ? '' : String(v));
  const [draft, setDraft] = useState(shown(value));
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    setDraft((current) => {
      if (value === null) return '';
      const parsed = parse(current);
      return parsed.ok && parsed.value === value ? current : String(value);
    });
    setMessage(null);
    // A change of the value (typed here or set elsewhere) resets the draft; callers' parse rules are module constants.
  }, [value, parse]);

  function change(text: string) {
    setDraft(text);
    if (onEmpty && text.trim() === '') {
      setMessage(null);
      if (value !== null) onEmpty();
      return;
    }
    const parsed = parse(text);
    if (!parsed.ok) {
      setMessage(parsed.reason);
      return;
    }
    setMessage(null);
    if (parsed.value !== value) onValid(parsed.value);
  }

  return (
    <div className={`gs-field${message ? ' gs-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <span className="gs-field-input">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          value={draft}
          placeholder={emptyMeans}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            if (message) return;
            setDraft(shown(value));
          }}
        />
        {unit && <span className="gs-field-unit">{unit}</span>}
      </span>
      {message && (
        <span id={`${id}-message`} className="gs-field-message" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}

/** A finite number from the text, in [min, max] (min exclusive when `above`). */
export function numberRule(what: string, min: number, max: number, options: { above?: boolean; integer?: boolean; unit?: string } = {}) {
  const { above = false, integer = false, unit = '' } = options;
  const range = above ? `> ${min}` : `≥ ${min}`;
  const kind = integer ? 'a whole number' : 'a number';
  const limit = `${what} must be ${kind} ${range} and at most ${max.toLocaleString('en-US')}${unit}`;
  return (text: string): Parsed => {
    const trimmed = text.trim();
    const value = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(value)) return refused(`${what} must be ${kind} ${range}${trimmed === '' ? '' : `, got '${trimmed}'`}`);
    if (integer && !Number.isInteger(value)) return refused(`${what} must be ${kind} ${range}, got ${trimmed}`);
    if ((above ? value <= min : value < min) || value > max) return refused(`${limit}, got ${trimmed}`);
    return { ok: true, value };
  };
}

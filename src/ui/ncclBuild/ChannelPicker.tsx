// Which channel the pictures show: a row of channel numbers, one of them chosen; the arrow keys, Home
// and End move along it (one tab stop for the row, as a radio group).

import type { KeyboardEvent } from 'react';

export function ChannelPicker({ channels, value, onChange, label }: { channels: number[]; value: number; onChange(channel: number): void; label: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = channels.indexOf(value);
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(channels.length - 1, at + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? channels.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(channels[to]);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('button');
    buttons[to]?.focus();
  };
  return (
    <div className="gs-channel-picker" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      <span className="gs-channel-picker-label" aria-hidden="true">
        Channel
      </span>
      {channels.map((channel) => (
        <button
          key={channel}
          type="button"
          role="radio"
          aria-checked={channel === value}
          tabIndex={channel === value ? 0 : -1}
          className="gs-channel"
          onClick={() => onChange(channel)}
        >
          {channel}
        </button>
      ))}
    </div>
  );
}

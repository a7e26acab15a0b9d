// Playback icons drawn as SVG: the Unicode media symbols are missing from many fonts.

const PATHS = {
  start: 'M5 4h2v16H5zM19 4v16L8 12z',
  back: 'M18 4v16L6 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  forward: 'M6 4v16l12-8zM18 4h2v16h-2z',
  end: 'M5 4v16l11-8zM17 4h2v16h-2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}

// The GIF being recorded: which frame, a bar, and Cancel.

import type { GifProgress } from './useGifRecorder';

export function GifProgressBar({ progress, onCancel }: { progress: GifProgress; onCancel(): void }) {
  const frame = Math.min(progress.done + 1, progress.total);
  return (
    <div className="gs-share-progress">
      <label>
        <span>
          Recording frame {frame} of {progress.total}
        </span>
        <progress value={progress.done} max={progress.total} />
      </label>
      <button type="button" className="gs-button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

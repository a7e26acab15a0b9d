// Pastes a text into the loader's dialog and loads it, as a user does: opened from its button.

import { fireEvent, screen, within } from '@testing-library/react';

export const PASTE_LABEL = 'Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log';

/** Opens the loader, pastes `text` and presses Load; returns the dialog (gone once what was pasted loads). */
export function pasteInLoader(text: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Load schedule…' }));
  const dialog = screen.getByRole('dialog', { name: 'Load a schedule or a log' });
  fireEvent.change(within(dialog).getByLabelText(PASTE_LABEL), { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
  return dialog;
}

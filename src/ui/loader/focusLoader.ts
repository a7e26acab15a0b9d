// A panel the loader opened (what NCCL built, the nccl-tests comparison) hands the keyboard back to
// "Load schedule…" when it closes, rather than to the page: its own focus goes with it.

export function focusLoader(): void {
  document.querySelector<HTMLElement>('.gs-loader > button')?.focus();
}

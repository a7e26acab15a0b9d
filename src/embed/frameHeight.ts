// A figure page inside an iframe (embed.html, train.html?embed=1) tells its parent its height
// whenever that changes, so the parent can size the iframe to fit: { type: 'gradsync:height', height }.

export function reportHeight(mount: HTMLElement): void {
  const post = () => {
    if (window.parent === window) return;
    window.parent.postMessage({ type: 'gradsync:height', height: Math.ceil(mount.getBoundingClientRect().height) }, '*');
  };
  window.addEventListener('load', post);
  new ResizeObserver(post).observe(mount);
}
